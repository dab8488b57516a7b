import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { burmeseLineBreaks } from './scripts/burmese-line-breaks.ts';
import { buildCsp, type CspEnv } from './scripts/csp.ts';
import { bundledEnv, parseEnv } from './src/config/env-schema.ts';
import { merchantProblems } from './src/config/merchant-check.ts';
import { prerender } from './scripts/prerender.ts';
import { thirdPartyNotices } from './scripts/third-party-notices.ts';
import { burmeseManifest, manifestFiles, webManifest } from './scripts/web-manifest.ts';

/**
 * Adds the Content-Security-Policy meta tag to the built index.html (not to the dev server), from
 * the validated configuration, so that it allows what the app will really connect to.
 */
function contentSecurityPolicy(env: CspEnv): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: buildCsp(env) },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

/** Writes dist/chunk-report.json (imports and modules of every chunk) for scripts/check-size.mjs. */
function chunkReport(): Plugin {
  return {
    name: 'chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, unknown> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        report[fileName] = {
          isEntry: output.isEntry,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          moduleIds: output.moduleIds.map((id) => id.replace(process.cwd(), '.')),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'chunk-report.json',
        source: JSON.stringify(report, null, 1),
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...pickViteVars(process.env) };
  // Fails the build (and the dev server) with a readable list when the configuration is wrong.
  const validated = parseEnv(env, [merchantProblems]);
  // The key stays out of the bundle in demo and proxy modes (it is not used there).
  const define = { __VALIDATED_ENV__: JSON.stringify(bundledEnv(validated)) };
  const alias = [
    // Mermaid's optional ELK layout (1.5 MB, EPL-2.0 OR GPL-3.0+) is never used: dagre lays
    // out the flowchart. A stub keeps it out of dist/.
    {
      find: /^elkjs\/lib\/elk\.bundled\.js$/,
      replacement: fileURLToPath(new URL('./src/lib/vendor/elk-stub.ts', import.meta.url)),
    },
  ];
  return {
    base: './',
    define,
    plugins: [
      // Burmese breaks lines between syllables only (decision 132).
      burmeseLineBreaks(),
      react(),
      contentSecurityPolicy(validated),
      chunkReport(),
      thirdPartyNotices(),
      // The home page in index.html, hydrated; a boot script for the other routes (decision 046).
      prerender({ define, alias, plugins: [burmeseLineBreaks()] }),
      // Installable, and an order page opened once opens offline (issue #42, decision 111): the
      // manifest in both languages and a Workbox service worker that keeps the app's files only.
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'service-worker.ts',
        // Registered by src/lib/offline/register.ts once the page has loaded.
        injectRegister: false,
        manifestFilename: manifestFiles.en,
        manifest: webManifest('en', validated.VITE_BRAND_NAME),
        includeManifestIcons: true,
        // Only the icons are fetched when the worker installs; the app's files are kept as they
        // are used (a first visit costs no extra download).
        injectManifest: { globPatterns: ['icons/*.png'] },
      }),
      burmeseManifest(validated.VITE_BRAND_NAME),
    ],
    resolve: { alias },
    build: {
      target: 'es2022',
      // The toggle label's font (decision 049) is a file of its own: inside index.html's inlined
      // CSS it would push the page past the first round trip of a slow connection (decision 062).
      assetsInlineLimit: (file: string) =>
        file.endsWith('myanmar-toggle-label.woff2') ? false : undefined,
      outDir: process.env.OUT_DIR ?? 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 2500,
    },
    preview: { host: '127.0.0.1' },
  };
});

function pickViteVars(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[0].startsWith('VITE_') && !!entry[1],
    ),
  );
}
