import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Solution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { toBase64Url } from '../platform/hashing';
import { keepServerSecret } from '../orders/queries';
import { deleteEndedProofs, insertSpentProof } from './queries';

/**
 * The proof of work an image or a video asks first (review N1, decision 121): an ALTCHA
 * challenge (altcha-lib, self-hosted: no third-party service), PBKDF2-SHA-256 at AI_PROOF_COST
 * iterations per try and a few thousand tries, which a phone solves in seconds and a script must
 * pay for every call. The challenge names its task and its end (signed); a solution is good for
 * one call (ai_proofs keeps spent signatures until their challenge ends).
 */
export const PROOF_HEADER = 'x-ai-proof';
export const PROOF_TASKS = ['image', 'video'] as const;
export type ProofTask = (typeof PROOF_TASKS)[number];
/** How long a challenge may be solved and used. */
export const CHALLENGE_MS = 10 * 60_000;
const ALGORITHM = 'PBKDF2/SHA-256';
const SECRET_NAME = 'ai_challenge';

const keptSecrets = new WeakMap<object, Promise<string>>();

/** AI_CHALLENGE_SECRET, or one made once and kept in the database (shared by every copy). */
function secretOf(deps: Pick<Deps, 'config' | 'database' | 'randomBytes' | 'now'>) {
  if (deps.config.ai.proof.secret) return Promise.resolve(deps.config.ai.proof.secret);
  let secret = keptSecrets.get(deps.database);
  if (!secret) {
    secret = (async () => {
      const value = await keepServerSecret(deps.database.db, {
        name: SECRET_NAME,
        value: toBase64Url(deps.randomBytes(32)),
        createdAt: new Date(deps.now()),
      });
      if (value === undefined) throw new Error('The AI challenge secret could not be kept');
      return value;
    })();
    keptSecrets.set(deps.database, secret);
    secret.catch(() => keptSecrets.delete(deps.database));
  }
  return secret;
}

/** A new challenge for one call of `task`. */
export async function createAiChallenge(
  deps: Pick<Deps, 'config' | 'database' | 'randomBytes' | 'now'>,
  task: ProofTask,
): Promise<Challenge> {
  const secret = await secretOf(deps);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: deps.config.ai.proof.cost,
    counter: randomInt(2_000, 6_000),
    deriveKey,
    data: { task, expires: deps.now() + CHALLENGE_MS },
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: `${secret}:key`,
  });
}

/** Reads the X-AI-Proof header: base64 of `{ challenge, solution }`. */
function readProof(header: string | undefined) {
  if (!header || header.length > 8_192) return null;
  try {
    const parsed = JSON.parse(atob(header)) as { challenge?: Challenge; solution?: Solution };
    if (!parsed.challenge?.parameters || !parsed.solution) return null;
    return { challenge: parsed.challenge, solution: parsed.solution };
  } catch {
    return null;
  }
}

/**
 * Accepts the header's proof for one call of `task`, or throws 403 proof_required (none, wrong,
 * for another task, expired or already spent).
 */
export async function spendAiProof(
  deps: Pick<Deps, 'config' | 'database' | 'randomBytes' | 'now'>,
  task: ProofTask,
  header: string | undefined,
): Promise<void> {
  const refuse = (why: string) =>
    new ApiError(
      403,
      'proof_required',
      `An AI ${task} asks for a proof of work first (GET /ai/challenge?task=${task}, solved, in the X-AI-Proof header): ${why}.`,
    );
  const proof = readProof(header);
  if (!proof) throw refuse('none was sent');
  const secret = await secretOf(deps);
  const result = await verifySolution({
    challenge: proof.challenge,
    solution: proof.solution,
    deriveKey,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: `${secret}:key`,
  }).catch(() => null);
  if (!result?.verified) throw refuse('it is not a solution of a challenge of this shop');
  const { data } = proof.challenge.parameters;
  const expires = Number(data?.expires);
  if (data?.task !== task) throw refuse(`it was made for ${String(data?.task)}`);
  const now = deps.now();
  if (!(expires > now)) throw refuse('its challenge has ended');
  const { db } = deps.database;
  await deleteEndedProofs(db, new Date(now));
  const spent = await insertSpentProof(db, {
    signature: proof.challenge.signature ?? '',
    expiresAt: new Date(expires),
  });
  if (spent.length === 0) throw refuse('it was already used');
}
