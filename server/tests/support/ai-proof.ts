import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/**
 * What the shop's media pages do before an image or a video (decision 121): GET
 * /ai/challenge?task=…, solve it (ALTCHA), and send the proof in X-AI-Proof.
 */
export async function solvedProof(
  request: (path: string) => Promise<Response>,
  task: 'image' | 'video',
): Promise<string> {
  const answer = await request(`/ai/challenge?task=${task}`);
  if (answer.status !== 200) throw new Error(`challenge: ${answer.status}`);
  const challenge = (await answer.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The challenge was not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}
