import { http } from 'msw';
import { setupServer } from 'msw/node';
import { answerDemoRequest } from '../../src/lib/ai/demo/demo-fetch';

/** The Gemini REST API's address pattern, for per-test handlers. */
export const GEMINI = 'https://generativelanguage.googleapis.com';

/**
 * By default the AI service answers as the demo does (the same handlers that drive demo mode);
 * a test replaces them with `server.use(...)` to script failures and edge cases.
 */
export const geminiHandlers = [
  http.all(`${GEMINI}/*`, ({ request }) => answerDemoRequest(request)),
];

export const server = setupServer(...geminiHandlers);
