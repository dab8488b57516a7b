import type { Es2plusOperator } from './provisioning-config';

/**
 * The ES2+ client (GSMA SGP.22 v2.5 §5.3, transport §6.5): the shop, as the operator's
 * reseller, calls the SM-DP+. Every call is an HTTPS POST of JSON with the ES2+ admin protocol
 * header; every body carries a header naming the shop (functionRequesterIdentifier) and this
 * one HTTP request (functionCallIdentifier, new for every request, retries included).
 */

export const ADMIN_PROTOCOL = 'gsma/rsp/v2.5.0';
export const ES2PLUS_PATH = '/gsma/rsp2/es2plus';

export type Es2plusFunction = 'downloadOrder' | 'confirmOrder' | 'cancelOrder' | 'releaseProfile';

export type StatusCodeData = { subjectCode?: string; reasonCode?: string; message?: string };

/**
 * A call that did not succeed. `permanent`: the SM-DP+ answered Failed (or refused the request
 * itself, 4xx): asking again gives the same answer. Otherwise (network, time limit, 5xx, an
 * unreadable answer, Expired) the same call may succeed later.
 */
export class Es2plusError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly statusCodeData: StatusCodeData | null = null,
  ) {
    super(message);
    this.name = 'Es2plusError';
  }
}

export type Es2plusCall = {
  operator: Es2plusOperator;
  fetch: typeof fetch;
  randomUUID: () => string;
  timeoutMs: number;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const codeText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** The largest ES2+ answer read (an ES2+ answer is a few hundred bytes; review N8). */
export const ES2PLUS_MAX_ANSWER_BYTES = 64 * 1024;

/** The answer's text, refused past `max` bytes (review N8: an answer is never buffered unbounded). */
async function cappedText(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Es2plusError(`the answer is larger than ${max} bytes`, false);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Calls one ES2+ function; resolves with the answer's body (its header removed). */
export async function callEs2plus(
  call: Es2plusCall,
  fn: Es2plusFunction,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { operator } = call;
  let response: Response;
  try {
    response = await call.fetch(`${operator.url}${ES2PLUS_PATH}/${fn}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Admin-Protocol': ADMIN_PROTOCOL,
      },
      body: JSON.stringify({
        header: {
          functionRequesterIdentifier: operator.requesterId,
          functionCallIdentifier: call.randomUUID(),
        },
        ...body,
      }),
      signal: AbortSignal.timeout(call.timeoutMs),
      // A redirect would re-POST the request (requester id, ICCID) wherever it points, http
      // included, and trust that host's answer (review N8).
      redirect: 'manual',
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new Es2plusError(
      timedOut
        ? `${fn}: no answer within ${call.timeoutMs} ms`
        : `${fn}: ${error instanceof Error ? error.message : String(error)}`,
      false,
    );
  }
  if (response.status >= 500 || response.status === 408 || response.status === 429) {
    await response.body?.cancel();
    throw new Es2plusError(`${fn}: the SM-DP+ answered HTTP ${response.status}`, false);
  }
  if (response.status >= 400) {
    await response.body?.cancel();
    throw new Es2plusError(`${fn}: the SM-DP+ refused the request (HTTP ${response.status})`, true);
  }
  if (response.status >= 300) {
    await response.body?.cancel();
    throw new Es2plusError(
      `${fn}: the SM-DP+ answered a redirect (HTTP ${response.status}); redirects are not followed`,
      true,
    );
  }
  let answer: unknown;
  try {
    answer = JSON.parse(await cappedText(response, ES2PLUS_MAX_ANSWER_BYTES));
  } catch (error) {
    if (error instanceof Es2plusError) throw new Es2plusError(`${fn}: ${error.message}`, false);
    throw new Es2plusError(`${fn}: the SM-DP+'s answer is not JSON`, false);
  }
  const header = isRecord(answer) && isRecord(answer.header) ? answer.header : null;
  const status =
    header && isRecord(header.functionExecutionStatus) ? header.functionExecutionStatus : null;
  if (!isRecord(answer) || !status || typeof status.status !== 'string') {
    throw new Es2plusError(`${fn}: the answer has no functionExecutionStatus`, false);
  }
  if (status.status === 'Executed-Success' || status.status === 'Executed-WithWarning') {
    const { header: _header, ...rest } = answer;
    return rest;
  }
  if (status.status === 'Failed') {
    const data = isRecord(status.statusCodeData) ? status.statusCodeData : {};
    const codes: StatusCodeData = {
      subjectCode: codeText(data.subjectCode),
      reasonCode: codeText(data.reasonCode),
      message: typeof data.message === 'string' ? data.message.slice(0, 200) : undefined,
    };
    throw new Es2plusError(
      `${fn} Failed: subject ${codes.subjectCode ?? '?'}, reason ${codes.reasonCode ?? '?'}` +
        (codes.message ? ` (${codes.message})` : ''),
      true,
      codes,
    );
  }
  // Expired: the SM-DP+ gave up on the call before executing it; it may be asked again.
  throw new Es2plusError(`${fn}: ${status.status}`, status.status !== 'Expired');
}

/** `LPA:1$<SM-DP+ address>$<matching ID>`: what the eSIM QR code carries. */
export const activationCodeOf = (smdpAddress: string, matchingId: string) =>
  `LPA:1$${smdpAddress}$${matchingId}`;
