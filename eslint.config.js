import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder of src/features is a feature; a new one is covered as soon as it exists. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One zone per feature: a feature imports no other feature (STYLE.md "Imports flow one way"). */
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message:
    'A feature never imports another feature; move shared code to src/components, src/lib or src/hooks.',
}));

const sharedFolders = ['./src/components', './src/lib', './src/config', './src/hooks'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'test-results',
      'playwright-report',
      '.lighthouse',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      // Relative imports without extensions; the node resolver is enough (no path aliases).
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            ...sharedFolders.map((target) => ({
              target,
              from: ['./src/features', './src/app', './src/pages'],
              message:
                'Shared code (components, lib, config, hooks) never imports a feature, a page or the app.',
            })),
            {
              target: './src/features',
              from: ['./src/app', './src/pages'],
              message: 'A feature never imports the app or a page.',
            },
            {
              target: './src/pages',
              from: './src/app',
              message: 'Pages never import the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/ai/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@google/genai',
              message:
                'Only src/lib/ai talks to the AI service: import an app verb from src/lib/ai instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/ai/**/*.ts'],
    rules: {
      // Inside the wrapper the SDK is imported for types only; its code loads by dynamic import.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@google/genai',
              allowTypeImports: true,
              message: "Use `import type` here; the SDK's code loads only through getAiClient().",
            },
          ],
        },
      ],
    },
  },
);
