// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The import rules of STYLE.md, shown failing on deliberately wrong imports. */
// no-cycle needs files on disk; these snippets are linted as text at paths that do not exist.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { rules: { 'import/no-cycle': 'off' } },
});

// The first lint loads the parser and the plugins (about 10 s here), more than one test may take.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'src/warm-up.ts' });
}, 120_000);

async function ruleIds(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('import boundaries', () => {
  it.each([
    [
      'a feature importing another feature',
      "import { matchDevice } from '../compatibility/lib/match-device';\nexport const x = matchDevice;\n",
      'src/features/chat/wrong.ts',
      'import/no-restricted-paths',
    ],
    [
      'shared code importing a feature',
      "import { matchDevice } from '../../features/compatibility/lib/match-device';\nexport const x = matchDevice;\n",
      'src/lib/i18n/wrong.ts',
      'import/no-restricted-paths',
    ],
  ])('fails on %s', async (_label, code, filePath, rule) => {
    expect(await ruleIds(code, filePath)).toContain(rule);
  });

  it.each([
    [
      "import { socialLinks } from '../../config/site';\nexport const x = socialLinks;\n",
      'src/features/chat/right.ts',
    ],
  ])('accepts an allowed import (%#)', async (code, filePath) => {
    expect(await ruleIds(code, filePath)).toEqual([]);
  });
});

/**
 * Only src/lib/ai imports @google/genai, in any form and from any linted file: src, tests, e2e,
 * scripts. A test of the wrapper imports the wrapper (its verbs and result types), not the SDK.
 */
describe('the AI SDK boundary', () => {
  const restricted = '@typescript-eslint/no-restricted-imports';
  const syntax = 'no-restricted-syntax';

  it.each([
    [
      'a static import',
      "import { GoogleGenAI } from '@google/genai';\nexport const x = GoogleGenAI;\n",
      'src/components/wrong.ts',
      restricted,
    ],
    [
      'a type-only import',
      "import type { Chat } from '@google/genai';\nexport type X = Chat;\n",
      'src/features/chat/wrong.ts',
      restricted,
    ],
    [
      'a dynamic import',
      "export const load = () => import('@google/genai');\n",
      'src/features/media/wrong.ts',
      syntax,
    ],
    [
      'a dynamic import of a template string',
      'export const load = () => import(`@google/genai`);\n',
      'src/app/wrong.ts',
      syntax,
    ],
    [
      'a dynamic import of an entry point',
      "export const load = () => import('@google/genai/web');\n",
      'src/pages/wrong.tsx',
      syntax,
    ],
    [
      'a re-export',
      "export { GoogleGenAI } from '@google/genai';\n",
      'src/lib/wrong.ts',
      restricted,
    ],
    ['a star re-export', "export * from '@google/genai';\n", 'src/components/wrong.ts', restricted],
    [
      'a type re-export',
      "export type { Chat } from '@google/genai';\n",
      'src/config/wrong.ts',
      restricted,
    ],
    [
      'an import of an entry point',
      "import { GoogleGenAI } from '@google/genai/node';\nexport const x = GoogleGenAI;\n",
      'src/hooks/wrong.ts',
      restricted,
    ],
    [
      'an import type',
      "export type X = import('@google/genai').Chat;\n",
      'src/features/chat/wrong.ts',
      syntax,
    ],
    [
      'a test importing SDK types',
      "import type { Chat } from '@google/genai';\nexport type X = Chat;\n",
      'tests/lib/ai/wrong.test.ts',
      restricted,
    ],
    [
      'a test loading the SDK',
      "export const load = () => import('@google/genai');\n",
      'tests/support/wrong.ts',
      syntax,
    ],
    [
      'a journey importing the SDK',
      "import { GoogleGenAI } from '@google/genai';\nexport const x = GoogleGenAI;\n",
      'e2e/wrong.spec.ts',
      restricted,
    ],
    [
      'a script requiring the SDK',
      "const sdk = require('@google/genai');\nexport default sdk;\n",
      'scripts/wrong.mjs',
      syntax,
    ],
    [
      'a script re-exporting the SDK',
      "export * from '@google/genai';\n",
      'scripts/wrong.ts',
      restricted,
    ],
    [
      'the AI wrapper importing SDK code statically',
      "import { GoogleGenAI } from '@google/genai';\nexport const x = GoogleGenAI;\n",
      'src/lib/ai/wrong.ts',
      restricted,
    ],
    [
      'the AI wrapper re-exporting SDK code',
      "export { GoogleGenAI } from '@google/genai';\n",
      'src/lib/ai/wrong.ts',
      restricted,
    ],
    [
      'the AI wrapper importing an entry point statically',
      "import { GoogleGenAI } from '@google/genai/web';\nexport const x = GoogleGenAI;\n",
      'src/lib/ai/wrong.ts',
      restricted,
    ],
  ])('fails on %s', async (_label, code, filePath, rule) => {
    expect(await ruleIds(code, filePath)).toContain(rule);
  });

  it.each([
    [
      'the wrapper importing SDK types',
      "import type { Chat } from '@google/genai';\nexport type X = Chat;\n",
      'src/lib/ai/right.ts',
    ],
    [
      'the wrapper loading the SDK on demand',
      "export const load = () => import('@google/genai');\n",
      'src/lib/ai/right.ts',
    ],
    [
      'the wrapper re-exporting an SDK type',
      "export type { Chat } from '@google/genai';\n",
      'src/lib/ai/right.ts',
    ],
    [
      'a feature using an app verb',
      "import { verifyReceipt } from '../../lib/ai/receipt';\nexport const x = verifyReceipt;\n",
      'src/features/purchase/right.ts',
    ],
    [
      'a test of the wrapper importing the wrapper',
      "import { generateVideo } from '../../../src/lib/ai/video';\nexport const x = generateVideo;\n",
      'tests/lib/ai/right.test.ts',
    ],
    [
      'a script naming the package in a string',
      'export const sdk = /node_modules\\/@google\\/genai\\//;\n',
      'scripts/right.mjs',
    ],
  ])('accepts %s', async (_label, code, filePath) => {
    expect(await ruleIds(code, filePath)).toEqual([]);
  });
});

/**
 * The order's one writer (issue #39, decision 115): outside orders/lifecycle/queries.ts no UPDATE
 * of orders sets its status, delivery state or bank state, by drizzle or by raw SQL.
 */
describe("the order's one writer", () => {
  const syntax = 'no-restricted-syntax';
  const head = "import { eq, sql } from 'drizzle-orm';\nimport { orders } from '../db/schema';\n";

  it.each([
    [
      'a status set by drizzle',
      "export const f = (db: any) => db.update(orders).set({ status: 'paid' }).where(eq(orders.id, 'a'));\n",
      'server/src/payments/queries.ts',
    ],
    [
      'a delivery state set in a chained UPDATE',
      "export const f = (tx: any, at: Date) =>\n  tx\n    .update(orders)\n    .set({ deliveryState: 'held', heldAt: at })\n    .returning();\n",
      'server/src/delivery/queries.ts',
    ],
    [
      'a bank state set by drizzle',
      "export const f = (db: any) => db.update(orders).set({ bankState: 'confirmed' });\n",
      'server/src/staff/queries.ts',
    ],
    [
      'columns spread into the set',
      'export const f = (db: any, columns: object) => db.update(orders).set({ ...columns });\n',
      'server/src/orders/queries.ts',
    ],
    [
      'a raw UPDATE of orders',
      "export const f = (db: any) => db.execute(sql`update ${orders} set status = 'paid'`);\n",
      'server/src/partner/queries.ts',
    ],
  ])('fails on %s', async (_label, code, filePath) => {
    expect(await ruleIds(head + code, filePath)).toContain(syntax);
  });

  it.each([
    [
      'another column of an order',
      "export const f = (db: any, at: Date) => db.update(orders).set({ heldOverdueAlertedAt: at }).where(eq(orders.status, 'paid'));\n",
      'server/src/delivery/queries.ts',
    ],
    [
      'the lifecycle writing a state',
      "export const f = (db: any) => db.execute(sql`update ${orders} set status = 'paid'`);\n",
      'server/src/orders/lifecycle/queries.ts',
    ],
  ])('accepts %s', async (_label, code, filePath) => {
    expect((await ruleIds(head + code, filePath)).filter((rule) => rule === syntax)).toEqual([]);
  });
});
