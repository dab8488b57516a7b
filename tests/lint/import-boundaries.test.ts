// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import rules of STYLE.md, shown failing on deliberately wrong imports. */
// no-cycle needs files on disk; these snippets are linted as text at paths that do not exist.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { rules: { 'import/no-cycle': 'off' } },
});

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
    [
      'a component importing the SDK',
      "import { GoogleGenAI } from '@google/genai';\nexport const x = GoogleGenAI;\n",
      'src/components/wrong.ts',
      '@typescript-eslint/no-restricted-imports',
    ],
    [
      'the AI wrapper importing SDK code statically',
      "import { GoogleGenAI } from '@google/genai';\nexport const x = GoogleGenAI;\n",
      'src/lib/ai/wrong.ts',
      '@typescript-eslint/no-restricted-imports',
    ],
  ])('fails on %s', async (_label, code, filePath, rule) => {
    expect(await ruleIds(code, filePath)).toContain(rule);
  });

  it.each([
    [
      "import { paths } from '../../config/paths';\nexport const x = paths;\n",
      'src/features/chat/right.ts',
    ],
    ["import type { Chat } from '@google/genai';\nexport type X = Chat;\n", 'src/lib/ai/right.ts'],
  ])('accepts an allowed import (%#)', async (code, filePath) => {
    expect(await ruleIds(code, filePath)).toEqual([]);
  });
});
