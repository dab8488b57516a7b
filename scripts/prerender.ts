import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, UserConfig } from 'vite';

/**
 * First paint from HTML (issue #14, decision 046). After the client build, this plugin
 *
 * 1. renders the layout and the home page in English (src/app/prerender.tsx, through a Vite SSR
 *    loader) into index.html's #root, which src/main.tsx then hydrates;
 * 2. inlines the entry's stylesheets, so that the first paint waits for no second request;
 * 3. adds a small boot script to <head>, allowed by its sha256 hash in the CSP. Before anything
 *    is painted it reads the hash route and the remembered language: another route hides the
 *    pre-rendered home (a shell with a spinner is shown instead) and preloads that route's chunk
 *    and text bundles; a remembered Burmese visitor keeps the start overlay until the page is
 *    drawn in Burmese. It starts the app (the entry, already preloaded) after the first frame,
 *    so that the first paint never waits for JavaScript.
 */

type ChunkInfo = {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  css: string[];
};

export type PrerenderOptions = {
  /** The build's `define` and `resolve.alias`, so the page renders as the bundle will. */
  define: Record<string, string>;
  alias: NonNullable<UserConfig['resolve']>['alias'];
  /** Where a page may be opened: the source of the route table and the page loaders. */
  root?: string;
};

/** localStorage key of the chosen language (src/lib/i18n/languages.ts). */
const LANGUAGE_KEY = 'esim-shop.language';
/** sessionStorage key of a purchase in progress (src/features/purchase/lib/order-storage.ts). */
const PURCHASE_KEY = 'esim-shop.purchase';
/** The route whose first step is pre-rendered too (decision 061). */
const BUY_PATH = '/buy-esim';

/**
 * Runs right after #root is parsed, before the first paint: on a first visit of /#/buy-esim in
 * English (the boot script's mark `buy`) the pre-rendered home becomes the pre-rendered plan
 * list, so the buyer sees the plans from HTML; React then draws the same page over it.
 */
export const swapScript =
  "(function(){var d=document.documentElement;if(d.getAttribute('data-boot')!=='buy')return;var t=document.getElementById('boot-buy'),r=document.getElementById('root');if(t&&r){r.replaceChildren(t.content.cloneNode(true));r.setAttribute('data-prerendered','buy')}})();";

/** Route path → page module and its text bundles, read from src/app/router.tsx and paths.ts. */
export function readRoutes(root: string) {
  const pathsSource = readFileSync(join(root, 'src/config/paths.ts'), 'utf8');
  const table = /export const paths = \{([\s\S]*?)\} as const/.exec(pathsSource)?.[1] ?? '';
  const paths = new Map([...table.matchAll(/(\w+): '([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
  const router = readFileSync(join(root, 'src/app/router.tsx'), 'utf8');
  const pages = new Map<string, { module: string; namespaces: string[] }>();
  for (const match of router.matchAll(
    /(\w+) = lazyPage\(|(\w+): lazyPage\(\s*\(\) => import\('\.\.\/pages\/([\w-]+)'\),[^[]*?\[([^\]]*)\]/g,
  )) {
    if (!match[2]) continue;
    const namespaces = [...(match[4] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]!);
    pages.set(match[2], { module: `src/pages/${match[3]}.tsx`, namespaces });
  }
  const missing = [...paths.keys()].filter((name) => name !== 'home' && !pages.has(name));
  if (missing.length > 0) {
    throw new Error(`prerender: no lazy page found in src/app/router.tsx for ${missing}`);
  }
  const routes: Record<string, { module: string; namespaces: string[] }> = {};
  for (const [name, path] of paths) if (name !== 'home') routes[path] = pages.get(name)!;
  routes['*'] = { module: 'src/pages/not-found-page.tsx', namespaces: [] };
  return routes;
}

/**
 * The boot script. Kept small and free of dependencies: it runs before the first paint. The
 * route's mark is set at once; the JavaScript (the entry and its imports, the route's chunk and
 * text bundles) is requested after the first frame, so that it does not compete with the page's
 * own HTML for the connection, and the app starts when it is there.
 */
function bootScript(
  entry: string,
  initial: string[],
  routes: Record<string, string[]>,
  bundles: Record<string, string>,
  namespaces: Record<string, string[]>,
) {
  return `(function(){var d=document.documentElement,e=${JSON.stringify(entry)},f=${JSON.stringify(initial)},r=${JSON.stringify(routes)},b=${JSON.stringify(bundles)},n=${JSON.stringify(namespaces)},l,p=location.hash.replace(/^#/,'').split(/[?#]/)[0]||'/';
try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)})}catch(x){}
l=l==='my'?'my':'en';d.setAttribute('data-boot-at',String(performance.now()));
var k=r.hasOwnProperty(p)?p:p==='/'?'':'*',s=k?n[k]:[];f=f.concat(k?r[k]:[]);
var q=k===${JSON.stringify(BUY_PATH)}&&l==='en'&&location.hash.indexOf('?')<0;if(q)try{q=!sessionStorage.getItem(${JSON.stringify(PURCHASE_KEY)})}catch(x){q=false}
d.setAttribute('data-boot',l==='my'?'my':q?'buy':k?'route':'home');
if(l==='my'){d.lang='my';s=['common','home'].concat(s)}
for(var i=0;i<s.length;i++)if(b[l+'/'+s[i]])f.push(b[l+'/'+s[i]]);
var g=function(){if(g.d)return;g.d=1;var a=document.createElement('link');a.rel='modulepreload';a.crossOrigin='';a.href=e;a.setAttribute('data-entry','');document.head.appendChild(a);
for(var i=0;i<f.length;i++){a=document.createElement('link');a.rel='modulepreload';a.crossOrigin='';a.href=f[i];document.head.appendChild(a)}import(e)};
if(document.hidden)g();else{requestAnimationFrame(function(){setTimeout(g,0)});document.addEventListener('visibilitychange',g)}})();`;
}

export function prerender(options: PrerenderOptions): Plugin {
  let chunks: ChunkInfo[] = [];
  let outDir = 'dist';
  let root = options.root ?? process.cwd();
  return {
    name: 'prerender-home',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = options.root ?? config.root;
    },
    generateBundle(_options, bundle) {
      chunks = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          facadeModuleId: chunk.facadeModuleId,
          imports: chunk.imports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
        }));
    },
    async closeBundle() {
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('prerender: the build has no entry chunk');
      const graph = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const next of byFile.get(file)?.imports ?? []) graph(next, seen);
        return seen;
      };
      const initial = graph(entry.fileName);
      const bySource = (source: string) =>
        chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${source}`));

      // Route → the files it needs beyond the entry's: its page chunk and their imports.
      const routes = readRoutes(root);
      const routeFiles: Record<string, string[]> = {};
      const routeNamespaces: Record<string, string[]> = {};
      for (const [path, page] of Object.entries(routes)) {
        const chunk = bySource(page.module);
        if (!chunk) throw new Error(`prerender: no chunk for ${page.module}`);
        // Vite drops chunks that held only CSS after this plugin saw them: only files on disk.
        routeFiles[path] = [...graph(chunk.fileName)]
          .filter((file) => !initial.has(file) && existsSync(join(outDir, file)))
          .map((file) => `./${file}`);
        routeNamespaces[path] = page.namespaces;
      }
      const bundles: Record<string, string> = {};
      for (const chunk of chunks) {
        const match = /locales\/(en|my)\/(\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
        if (match && !initial.has(chunk.fileName)) {
          bundles[`${match[1]}/${match[2]}`] = `./${chunk.fileName}`;
        }
      }

      // The pre-rendered layout and home page, from the same source through Vite's SSR loader.
      const { createServer } = await import('vite');
      const react = (await import('@vitejs/plugin-react')).default;
      const server = await createServer({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'error',
        appType: 'custom',
        define: options.define,
        resolve: { alias: options.alias },
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      let markup: string;
      let buyMarkup: string;
      try {
        const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
          prerenderHome: () => Promise<string>;
          prerenderBuy: () => Promise<string>;
        };
        markup = await module.prerenderHome();
        buyMarkup = await module.prerenderBuy();
      } finally {
        await server.close();
      }
      // React 19 hoists the page's Open Graph <meta> tags into <head> when it hydrates; the
      // server string carries them inline, where the hydrating page would not expect them.
      // The head's own tags (title, meta, link, JSON-LD) are left to the app in both.
      markup = markup.replace(/<meta [^>]*property="og:[^>]*>/g, '');
      buyMarkup = buyMarkup
        .replace(/<(title|script)\b[^>]*>[\s\S]*?<\/\1>/g, '')
        .replace(/<(meta|link)\b[^>]*>/g, '')
        .replace(/<!--\/?\$[!?]?-->|<template[^>]*><\/template>/g, '');

      // The buy page's own stylesheets travel in its template: active only while it is shown
      // (React's page then has them from its chunk, which Vite loads with their <link>).
      const buyChunk = bySource(routes[BUY_PATH]!.module)!;
      const buyCss = new Set(
        [...graph(buyChunk.fileName)]
          .filter((file) => !initial.has(file))
          .flatMap((file) => byFile.get(file)?.css ?? []),
      );
      const buyStyles = [...buyCss]
        .filter((file) => existsSync(join(outDir, file)))
        .map((file) => `<style>${readFileSync(join(outDir, file), 'utf8')}</style>`)
        .join('');

      const indexPath = join(outDir, 'index.html');
      let html = readFileSync(indexPath, 'utf8');
      // Stylesheets of the entry inline: the first paint needs no second request.
      html = html.replace(
        /\s*<link rel="stylesheet"[^>]*href="\.\/([^"]+)"[^>]*>/g,
        (_tag, file: string) => `\n    <style>${readFileSync(join(outDir, file), 'utf8')}</style>`,
      );
      // The entry and its imports are requested by the boot script, after the first frame.
      const entryTag = new RegExp(
        `\\s*<script type="module" crossorigin src="\\./${entry.fileName.replace(/[.$]/g, '\\$&')}"></script>`,
      );
      if (!entryTag.test(html)) throw new Error('prerender: the entry <script> was not found');
      html = html.replace(entryTag, '');
      const preloads: string[] = [];
      html = html.replace(
        /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        (_tag, href: string) => {
          preloads.push(href);
          return '';
        },
      );
      const script = bootScript(
        `./${entry.fileName}`,
        preloads,
        routeFiles,
        bundles,
        routeNamespaces,
      );
      const hashes = [script, swapScript]
        .map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`)
        .join(' ');
      html = html.replace(/(script-src &#39;self&#39;|script-src 'self')/, `$1 ${hashes}`);
      if (!html.includes(hashes)) {
        throw new Error('prerender: no script-src in the Content-Security-Policy to allow it');
      }
      html = html.replace('</title>', `</title>\n    <script>${script}</script>`);
      if (!html.includes('<div id="root"></div>')) throw new Error('prerender: no empty #root');
      html = html.replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="home">${markup}</div>\n    <template id="boot-buy">${buyStyles}${buyMarkup}</template>\n    <script>${swapScript}</script>`,
      );
      writeFileSync(indexPath, html);
    },
  };
}
