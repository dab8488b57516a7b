/**
 * The proof of work the shop's server asks before an image or a video (decision 121): before the
 * call, GET `<proxy>/challenge?task=…`, solve the ALTCHA challenge in the browser (WebCrypto's
 * PBKDF2, a few seconds on a phone), and send `{ challenge, solution }` as base64 JSON in the
 * X-AI-Proof header. Only calls through the shop's AI proxy need it; altcha-lib is loaded when
 * the first image or video is asked for.
 */
export const PROOF_HEADER = 'x-ai-proof';

type ProofTask = 'image' | 'video';

/** Which generation `request` starts, if it is one that asks a proof; else null. */
export function proofTaskOf(request: Request, imageModel: string): ProofTask | null {
  if (request.method !== 'POST') return null;
  const path = new URL(request.url).pathname;
  if (path.endsWith(':predictLongRunning')) return 'video';
  const model = imageModel.replace(/^models\//, '');
  if (path.endsWith(`/models/${model}:generateContent`)) return 'image';
  return null;
}

async function solvedProof(
  network: typeof fetch,
  proxyRoot: string,
  task: ProofTask,
  signal: AbortSignal | null,
): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/pbkdf2'),
  ]);
  const answer = await network(`${proxyRoot}/challenge?task=${task}`, {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  // No challenge (an error answer): the call goes on without a proof and the server's own
  // refusal says what is wrong.
  if (!answer.ok) return '';
  const challenge = (await answer.json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const solution = await solveChallenge({ challenge, deriveKey, controller });
    signal?.throwIfAborted();
    return solution ? btoa(JSON.stringify({ challenge, solution })) : '';
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/** `network`, with a solved proof added to the calls that start an image or a video. */
export function withProofOfWork(
  network: typeof fetch,
  proxyRoot: string,
  imageModel: string,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const task = proofTaskOf(request, imageModel);
    if (!task) return network(request);
    const proof = await solvedProof(network, proxyRoot, task, request.signal);
    const headers = new Headers(request.headers);
    if (proof) headers.set(PROOF_HEADER, proof);
    return network(new Request(request, { headers }));
  };
}
