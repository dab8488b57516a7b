/** The AI error type lives in src/domain, shared with the server (issue #39 point 4). */
export { AiError, isAiError, toAiError, type AiErrorKind } from '#domain/ai-errors';
