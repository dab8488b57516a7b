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

/**
 * Only src/lib/ai talks to the AI service (STYLE.md, practice 1). Outside it the SDK is not
 * imported in any form: static, type-only, dynamic, re-exported, required or as an import type.
 */
const genaiSdk = '@google/genai';
const onlyTheWrapper =
  'Only src/lib/ai talks to the AI service: import an app verb (or its result type) from src/lib/ai instead.';
const typesOnlyInTheWrapper =
  "Use `import type` here; the SDK's code loads only through getAiClient().";
const genaiSource = String.raw`/^@google\/genai(\/|$)/`;
/** `db.update(orders).set(…)`, however the chain before it is written. */
const updateOrdersSet =
  "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='orders']";
const oneWriter =
  "Only the order's lifecycle (orders/lifecycle/queries.ts) writes status, deliveryState and bankState: add an event to src/domain/order-life.ts and apply it.";
const genaiSelectors = [
  `ImportExpression[source.value=${genaiSource}]`,
  `ImportExpression > TemplateLiteral.source[expressions.length=0][quasis.0.value.cooked=${genaiSource}]`,
  `CallExpression[callee.name='require'][arguments.0.value=${genaiSource}]`,
  `TSImportType[source.value=${genaiSource}]`,
];

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
      // Relative imports without extensions, and #domain/* (package.json "imports", decision 080).
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages are not followed for import/no-cycle (PGlite's bundled WASM glue overflows the parser).
      'import/ignore': ['node_modules'],
      'import/cache': { lifetime: Infinity },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
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
            {
              target: './src',
              from: './server',
              // The contract's schemas, for their types only (the rule below; decision 090).
              except: [
                './src/catalogue/schemas.ts',
                './src/orders/schemas.ts',
                './src/partner/schemas.ts',
                './src/staff/schemas.ts',
                './src/status/schemas.ts',
              ],
              message:
                'The shop never imports the server; shared rules live in src/ and the server imports them.',
            },
            {
              target: './server',
              from: ['./src/app', './src/pages', './src/components', './src/hooks'],
              message: 'The server never imports UI code.',
            },
            {
              target: './src/domain',
              from: './src',
              except: ['./domain'],
              message:
                'src/domain (the rules shop and server share, decision 080) imports only itself and packages.',
            },
            {
              target: './src/domain',
              from: './server',
              message: 'src/domain never imports the server.',
            },
            {
              target: './server/src',
              from: './src',
              except: ['./domain'],
              message:
                'The server imports the shop only through src/domain (#domain/…, decision 080).',
            },
          ],
        },
      ],
    },
  },
  {
    // Cycles among the modules of the shop and the server. A test, journey or script is imported
    // by none of them, so it cannot close a cycle with them: not following the whole graph from
    // each of those files saves most of lint's time (decision 096).
    files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    rules: { 'import/no-cycle': 'error' },
  },
  {
    // The shared domain runs in the browser and in Node: no browser globals, no UI runtime.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator'].map((name) => ({
          name,
          message: 'src/domain runs on the server too: pass what the browser knows in.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'i18next', 'react-i18next'],
              message: 'src/domain runs on the server too: no UI or i18n runtime.',
            },
          ],
        },
      ],
    },
  },
  {
    // Queries live in each module's queries.ts and in db/ (issue #39 point 4): the rest of the
    // server calls them and never imports drizzle-orm. Routes have their stricter rule below.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/queries.ts', 'server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                "Only a module's queries.ts and db/ import drizzle-orm: put the query in queries.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Thin routes (decision 088): a route parses, calls a service and answers. Queries,
    // transactions and the tables live in each module's services and in db/.
    files: ['server/src/*/routes.ts', 'server/src/platform/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/database'],
              allowTypeImports: true,
              message:
                "Routes call services; queries and transactions live in the module's services and db/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, and the server tests' `useTestApp`: neither is React's hook.
    files: ['e2e/**/*.ts', 'server/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Every linted file but the wrapper: src, tests, e2e, scripts and the config files.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['src/lib/ai/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: genaiSdk, message: onlyTheWrapper }],
          patterns: [{ group: [`${genaiSdk}/*`], message: onlyTheWrapper }],
        },
      ],
      // no-restricted-imports sees `import`, `export … from` and `import x = require()`, not these.
      'no-restricted-syntax': [
        'error',
        ...genaiSelectors.map((selector) => ({ selector, message: onlyTheWrapper })),
      ],
    },
  },
  {
    // The order's one writer (issue #39, decision 115): only orders/lifecycle/queries.ts sets an
    // order's status, delivery state or bank state, with the event that says why. Elsewhere an
    // UPDATE of orders sets other columns, from a literal this rule can read.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/orders/lifecycle/queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...genaiSelectors.map((selector) => ({ selector, message: onlyTheWrapper })),
        {
          selector: `${updateOrdersSet} > ObjectExpression > Property[key.name=/^(status|deliveryState|bankState)$/]`,
          message: oneWriter,
        },
        {
          selector: `${updateOrdersSet} > ObjectExpression > SpreadElement`,
          message: `${oneWriter} Name the columns this UPDATE sets.`,
        },
        {
          selector:
            "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\bupdate\\s*$/i]",
          message: oneWriter,
        },
      ],
    },
  },
  {
    // The shop takes the server's route schemas as types only: no server code in the bundle.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/ai/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: genaiSdk, message: onlyTheWrapper }],
          patterns: [
            { group: [`${genaiSdk}/*`], message: onlyTheWrapper },
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message:
                'The shop imports the contract (server/src/*/schemas.ts) with `import type` only.',
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
          paths: [{ name: genaiSdk, allowTypeImports: true, message: typesOnlyInTheWrapper }],
          patterns: [
            { group: [`${genaiSdk}/*`], allowTypeImports: true, message: typesOnlyInTheWrapper },
          ],
        },
      ],
    },
  },
);
