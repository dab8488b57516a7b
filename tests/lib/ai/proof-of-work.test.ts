// @vitest-environment node
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { describe, expect, it } from 'vitest';
import { toAiError } from '../../../src/lib/ai/errors';
import { httpError } from '../../../src/lib/ai/rest';
import { proofTaskOf, withProofOfWork } from '../../../src/lib/ai/proof-of-work';

/**
 * Decision 121: through the shop's AI proxy, an image or a video asks for a proof of work first;
 * the shop solves the server's ALTCHA challenge and sends it in X-AI-Proof. A spent budget is an
 * error of its own kind, which the media pages name.
 */
const ROOT = 'https://api.shop.example/ai';
const SECRET = 'test-secret';

describe('proof of work before an image or a video', () => {
  it('knows which calls start an image or a video', () => {
    const post = (path: string) => new Request(`${ROOT}${path}`, { method: 'POST' });
    expect(proofTaskOf(post('/v1beta/models/veo-3:predictLongRunning'), 'img-model')).toBe('video');
    expect(proofTaskOf(post('/v1beta/models/img-model:generateContent'), 'img-model')).toBe(
      'image',
    );
    expect(proofTaskOf(post('/v1beta/models/text-model:generateContent'), 'img-model')).toBeNull();
    expect(
      proofTaskOf(new Request(`${ROOT}/v1beta/models/veo-3/operations/op`), 'img-model'),
    ).toBeNull();
  });

  it('fetches a challenge, solves it and sends a proof the server verifies', async () => {
    const sent: Request[] = [];
    const network: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(request);
      if (request.url === `${ROOT}/challenge?task=video`) {
        const challenge = await createChallenge({
          algorithm: 'PBKDF2/SHA-256',
          cost: 1,
          counter: 300,
          deriveKey,
          data: { task: 'video' },
          hmacSignatureSecret: SECRET,
        });
        return Response.json(challenge);
      }
      return Response.json({ name: 'op-1' });
    };
    const proofFetch = withProofOfWork(network, ROOT, 'img-model');
    const answer = await proofFetch(`${ROOT}/v1beta/models/veo-3:predictLongRunning`, {
      method: 'POST',
      body: '{}',
    });
    expect(await answer.json()).toEqual({ name: 'op-1' });
    expect(sent.map((request) => request.url)).toEqual([
      `${ROOT}/challenge?task=video`,
      `${ROOT}/v1beta/models/veo-3:predictLongRunning`,
    ]);
    const header = sent[1]!.headers.get('x-ai-proof');
    expect(header).toBeTruthy();
    const proof = JSON.parse(atob(header!)) as { challenge: Challenge; solution: Solution };
    const verified = await verifySolution({ ...proof, deriveKey, hmacSignatureSecret: SECRET });
    expect(verified.verified).toBe(true);
    expect(proof.challenge.parameters.data).toEqual({ task: 'video' });
  });

  it('sends a text call as it is, without a challenge', async () => {
    const sent: string[] = [];
    const proofFetch = withProofOfWork(
      (input, init) => {
        sent.push(new Request(input, init).url);
        return Promise.resolve(Response.json({}));
      },
      ROOT,
      'img-model',
    );
    await proofFetch(`${ROOT}/v1beta/models/text:generateContent`, { method: 'POST', body: '{}' });
    expect(sent).toEqual([`${ROOT}/v1beta/models/text:generateContent`]);
  });

  it("maps the server's 429 budget_spent to the 'budget' kind, and a plain 429 to 'quota'", async () => {
    const spent = Response.json(
      { error: { code: 'budget_spent', message: 'Today’s video budget is spent.' } },
      { status: 429 },
    );
    expect(toAiError(await httpError(spent)).kind).toBe('budget');
    const busy = Response.json(
      { error: { code: 'rate_limited', message: 'Busy' } },
      { status: 429 },
    );
    expect(toAiError(await httpError(busy)).kind).toBe('quota');
  });
});
