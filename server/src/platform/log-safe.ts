import { sqlStateOf } from './errors';

/**
 * An error as it may be logged (review S4): its name, its SQLSTATE and a message with every
 * value taken out. Drizzle's query errors carry the statement's parameters (activation codes,
 * contacts, token hashes), and PostgreSQL's own messages quote the values they refuse
 * (`invalid input syntax for type uuid: "…"`); neither reaches a log line. What is left says
 * what failed and where, which is what an operator needs.
 */
export type SafeError = { name: string; code?: string; message: string };

const MAX_MESSAGE = 300;

/** Removes parameters, quoted values, addresses, numbers and LPA codes from a message. */
export function scrubMessage(message: string): string {
  // Drizzle: "Failed query: <sql>\nparams: <values>". The SQL has placeholders and its
  // double quotes name tables and columns; the values after it go. Elsewhere (PostgreSQL's own
  // sentences) double quotes hold the refused value.
  const statement = /^Failed query:/.test(message);
  const quoted = statement
    ? /'(?:[^'\\]|\\.)*'|`[^`]*`/g
    : /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g;
  return (
    message
      .replace(/\n?\s*params:[\s\S]*$/i, '')
      .replace(quoted, '<value>')
      .replace(/LPA:1\$\S*/gi, '<value>')
      .replace(/[^\s<>"'@,;:()]+@[^\s<>"'@,;:()]+/g, '<address>')
      .replace(/\b[0-9a-f]{24,}\b/gi, '<value>')
      .replace(/[A-Za-z0-9_-]{32,}/g, '<value>')
      .replace(/\d{5,}/g, '<number>')
      // Control characters (a NUL in the request) say nothing and break log readers.
      // eslint-disable-next-line no-control-regex -- removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .slice(0, MAX_MESSAGE)
  );
}

/** The loggable summary of anything thrown; never its parameters, cause's values or stack. */
export function safeError(error: unknown): SafeError {
  const code = sqlStateOf(error);
  if (!(error instanceof Error)) {
    return { name: typeof error, message: scrubMessage(String(error)) };
  }
  // The database's own sentence (the cause) says more than "Failed query: …".
  const cause = (error as { cause?: unknown }).cause;
  const message =
    cause instanceof Error
      ? `${scrubMessage(error.message)} (caused by: ${scrubMessage(cause.message)})`
      : scrubMessage(error.message);
  return code ? { name: error.name, code, message } : { name: error.name, message };
}
