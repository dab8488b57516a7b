import { operators, plans } from '#domain/catalogue';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { anyRealProfile, demoProfilesInStock, insertNewProfiles } from './queries';
import type { Deps } from '../deps';
import { deliverWaiting } from './esim-delivery';
import { luhnCheckDigit } from './stock-csv';

/**
 * Demo eSIM profiles (issue #23 item 6, decision 068). A server without a Gemini key decides
 * receipts from its demo script; such a decision must never hand out an eSIM the shop paid for,
 * so it gets only these: valid in shape (an ICCID with its Luhn digit, an LPA activation code)
 * and useless on a phone (the SM-DP+ host is under `.invalid`, which never resolves).
 */

/** The SM-DP+ address of every demo profile. */
export const DEMO_SMDP_HOST = 'smdp.demo.invalid';
/** ICCIDs of demo profiles: 89 (telecom), 95 (Myanmar), then 999, never an issuer's range. */
const DEMO_ICCID_PREFIX = '8995999';

/** One demo profile's ICCID (19 digits, Luhn) and activation code, from 16 random bytes. */
export function demoProfile(random: Uint8Array): { iccid: string; activationCode: string } {
  const digits = Array.from(random.slice(0, 11), (byte) => String(byte % 10)).join('');
  const body = `${DEMO_ICCID_PREFIX}${digits}`;
  const hex = Array.from(random.slice(11, 16), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return {
    iccid: `${body}${luhnCheckDigit(body)}`,
    activationCode: `LPA:1$${DEMO_SMDP_HOST}$DEMO-${hex}`,
  };
}

export type DemoStockResult = { added: number; deliveredWaiting: number };

/**
 * Tops the stock up to `perPlan` demo profiles in stock for every operator and plan on sale
 * (running it again adds only what was handed out since), then serves waiting demo orders.
 */
export async function topUpDemoStock(
  deps: Pick<Deps, 'config' | 'database' | 'now' | 'randomUUID' | 'randomBytes'>,
  perPlan: number,
): Promise<DemoStockResult> {
  const { db } = deps.database;
  const importedAt = new Date(deps.now());
  let added = 0;
  for (const operator of operators) {
    for (const plan of plans.filter((item) => item.isAvailable)) {
      const [row] = await demoProfilesInStock(db, operator.id, plan.id);
      const missing = Math.max(0, perPlan - Number(row?.n ?? 0));
      if (missing === 0) continue;
      const made = await insertNewProfiles(
        db,
        Array.from({ length: missing }, () => ({
          id: deps.randomUUID(),
          operatorId: operator.id,
          planId: plan.id,
          ...demoProfile(deps.randomBytes(16)),
          state: 'in_stock' as const,
          importedAt,
          demo: true,
        })),
      );
      added += made.length;
    }
  }
  return { added, deliveredWaiting: await deliverWaiting(deps) };
}

/** Whether the stock holds any profile that is not a demo profile (real, bought stock). */
export async function hasRealStock(database: Database): Promise<boolean> {
  const [row] = await anyRealProfile(database.db);
  return row !== undefined;
}

/**
 * Refuses to start a server that would decide receipts from the demo script (no Gemini key)
 * while real eSIMs are in its stock, unless demo mode was chosen (`AI_MODE=demo`). Throws an
 * Error whose message says what to do.
 */
export async function assertDemoIsSafe(config: Config, database: Database): Promise<void> {
  if (config.ai.mode !== 'demo' || config.ai.demoChosen) return;
  if (!(await hasRealStock(database))) return;
  throw new Error(
    'Refusing to start: GEMINI_API_KEY is not set, so receipts would be decided by the demo ' +
      'script, and the stock holds real (imported) eSIM profiles. Set GEMINI_API_KEY to check ' +
      'receipts with Gemini, or set AI_MODE=demo to run a demo on purpose (a demo decision ' +
      'still gets only demo profiles: npm run stock -- demo).',
  );
}
