import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, UserConfig } from 'vite';
import { criticalSheets, withoutFontFaces } from './critical-css.ts';
import { manifestFiles } from './web-manifest.ts';

/**
 * First paint from HTML (issue #14, decisions 046 and 062; #28, decisions 085 and 086). After the
 * client build, this plugin
 *
 * 1. renders the layout and the home page in English (src/app/prerender.tsx, through a Vite SSR
 *    loader) into index.html's #root, which src/main.tsx then hydrates;
 * 2. renders every other route's page, in English and in Burmese (and home in Burmese), into its
 *    own small HTML fragment (`assets/page-<route>-<hash>.html`, `assets/page-my-<route>-…`, with
 *    the entry's and the page's stylesheets cut down to what its markup uses, critical-css.ts);
 *    a route with parameters as its shell (SHELL_ADDRESSES);
 * 3. inlines the entry's stylesheets cut down to what home and the checkout use, so that the first
 *    paint waits for no second request (the whole styles are one file the app's start links);
 * 4. adds a small boot script to <head>, allowed by its sha256 hash in the CSP. Before anything
 *    is painted it reads the hash route and the remembered language: another route hides the
 *    pre-rendered home (a shell with a spinner is shown instead), fetches that route's fragment
 *    and puts it in place when it comes (English, nothing kept in the address or the tab), and
 *    a remembered Burmese visitor keeps the start overlay until its Burmese copy is in place. It
 *    starts the app after the page's paint, so that the first paint never waits for JavaScript
 *    (the route tables, the whole styles and the manifest come then too), running the entry's
 *    chunks one task each (decision 086).
 * 5. carries the checkout's English copy in index.html itself (live markup shown from the first
 *    paint, INLINE_PAGE, decision 140), so that a visit straight onto /#/buy-esim needs no second
 *    request before its first paint; and
 *    for a Burmese visitor preloads the Burmese font's Myanmar glyphs and puts the Burmese copy in
 *    place once they are in, so that it never reflows when they arrive (issue #42 point 5).
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
  /** Plugins that change what a page says (the Burmese bundles' line breaks, decision 132). */
  plugins?: Plugin[];
  /** Where a page may be opened: the source of the route table and the page loaders. */
  root?: string;
};

/** localStorage key of the chosen language (src/lib/i18n/languages.ts). */
const LANGUAGE_KEY = 'esim-shop.language';
/** sessionStorage key of a purchase in progress (src/features/purchase/lib/order-storage.ts). */
const PURCHASE_KEY = 'esim-shop.purchase';
/** The checkout: its fragment shows the plan list, so not while a purchase is kept in the tab. */
const BUY_PATH = '/buy-esim';
/**
 * The route whose English copy index.html carries itself, in a <template> at the end of <body>
 * (issue #42 point 5): the checkout, where the shop's links land. Opened straight onto its hash,
 * its copy needs no second request after the page's own; home's first paint is unchanged (the
 * template comes after its markup and is never rendered).
 */
const INLINE_PAGE = BUY_PATH;
/** The path rendered for the unknown-route fragment (any path the route table does not know). */
const UNKNOWN_PATH = '/__unknown-route';
/** The languages a copy is rendered in (src/lib/i18n/languages.ts); index.html carries English. */
export const COPY_LANGUAGES = ['en', 'my'] as const;
/**
 * A route with parameters gets a shell (decision 085): its page rendered at one made-up address
 * that stands for every visit, showing the page's frame and headings and the place its data will
 * take. The order page is opened with its token (`#/order/<id>?token=…`): with one, the page
 * shows that it is loading the order (the static build says it needs the shop's server).
 */
export const SHELL_ADDRESSES: Record<string, string> = {
  '/order/:id': '/order/shell?token=shell',
};

/** The address a route's copy is rendered at. */
export function copyAddress(path: string): string {
  if (path === '*') return UNKNOWN_PATH;
  if (!path.includes(':')) return path;
  const address = SHELL_ADDRESSES[path];
  if (!address) throw new Error(`prerender: no shell address for the parameter route ${path}`);
  return address;
}

/**
 * A built stylesheet's text for a <style> in a page at the site's root: its relative `url(./…)`s
 * pointed at the stylesheet's own folder (assets/), as they were from its file.
 */
export function inlineCss(css: string, file: string): string {
  const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  return css.replace(/url\((['"]?)\.\/(?!\/)/g, `url($1./${folder}`);
}

/** A pre-rendered page without what the app puts in <head> and the layout's start overlay. */
export function pageFragment(markup: string): string {
  return markup
    .replace(/<(title|script)\b[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<(meta|link)\b[^>]*>/g, '')
    .replace(/<!--\/?\$[!?]?-->|<template[^>]*><\/template>/g, '')
    .replace(/<div class="loading-overlay"[^>]*>[\s\S]*?<\/div>/, '');
}

/** Route path → page module and its text bundles, read from src/app/router.tsx and src/domain/paths.ts. */
export function readRoutes(root: string) {
  const pathsSource = readFileSync(join(root, 'src/domain/paths.ts'), 'utf8');
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
 * The boot script's part that keeps a tap made before the app has started (decision 065,
 * src/app/boot-tap.ts): the last click on a button inside #root is stopped and named by its
 * label (aria-label, else its text, spaces folded) and its place among the buttons with the same
 * label; a form in the pre-rendered page is not sent by the browser. `window.__bootTap()`, called
 * by the app when it renders, stops this and returns the tap. `d` is the root element.
 */
export const TAP_RECORDER = `var T=null,tl=function(b){return(b.getAttribute('aria-label')||b.textContent||'').replace(/\\s+/g,' ').trim()},
tw=function(v){var t=v.target,o=t&&t.closest?t.closest('#root,#boot-page'):null,b=o?t.closest('button'):null;if(!o)return;if(v.type==='submit')return v.preventDefault();if(!b)return;v.preventDefault();
var a=tl(b),all=o.querySelectorAll('button'),i=0;for(var j=0;j<all.length&&all[j]!==b;j++)if(tl(all[j])===a)i++;T={label:a,index:i};d.setAttribute('data-boot-tap','')};
document.addEventListener('click',tw,true);document.addEventListener('submit',tw,true);
window.__bootTap=function(){document.removeEventListener('click',tw,true);document.removeEventListener('submit',tw,true);d.removeAttribute('data-boot-tap');var t=T;T=null;return t};`;

type BootData = {
  /** The entry chunk, and its imports in the order to run them (decision 086). */
  entry: string;
  initial: string[];
  /** The route tables' module (`RouteTables`), imported when the app starts, not before the paint. */
  tables: string;
  /** Language → route → its pre-rendered copy; its English keys are the route table. */
  fragments: Record<string, Record<string, string>>;
  /** The Burmese font's files, preloaded for a Burmese visitor. */
  fonts: string[];
  /** The entry's whole styles, linked when the app starts and waited for before it runs. */
  sheets: string[];
  /** The web app manifest in each language, linked when the app starts (not before the paint). */
  manifests: Record<string, string>;
};

/** What the boot script needs only once the app starts: kept out of index.html (decision 140). */
export type RouteTables = {
  /** Route → the files it needs beyond the entry's, each after the chunks it imports. */
  r: Record<string, string[]>;
  /** `language/namespace` → its text bundle's chunk. */
  b: Record<string, string>;
  /** Route → its text namespaces. */
  n: Record<string, string[]>;
};

/**
 * The boot script. Kept small and free of dependencies: it runs before the first paint. The
 * route's mark is set at once; a path that matches a route with parameters (`/order/:id`) is that
 * route. On the checkout in English (no purchase kept in the tab) the copy that index.html carries
 * is shown from the first paint (`inline`, decision 140) and the hidden home page is removed once
 * the document is read. On another route with a pre-rendered fragment in the visitor's language
 * (no `?` in the address except on a route with parameters, whose shell stands for any query) the
 * fragment is fetched at once and replaces the hidden home page when it comes (the start overlay
 * stays as it is; a Burmese visitor's overlay then fades as on a first visit). The app is started
 * once the browser reports that paint (a largest-contentful-paint entry), so that nothing competes
 * with the page's own HTML for the connection; without a fragment, once the first contentful
 * paint is reported; for a Burmese visitor without a fragment and in a hidden tab, at once. Each
 * wait has a time limit, should the browser not report the paint. Starting the app requests the
 * entry and its imports, and the route tables' module; once a script has come, the entry's whole
 * stylesheets and the manifest are linked, and the route's chunk and text bundles preloaded. The
 * chunks are then run one by one, each after the chunks it imports and in a task of its own (a
 * yield in between), the entry last, after the stylesheets (decision 086). Until the app takes
 * over, a tap on a button is kept for the app to replay (TAP_RECORDER, decision 065).
 */
function bootScript({ entry, initial, tables, fragments, fonts, sheets, manifests }: BootData) {
  return `(function(){var d=document.documentElement,e=${JSON.stringify(entry)},f=${JSON.stringify(initial)},A=${JSON.stringify(tables)},h=${JSON.stringify(fragments)},u=${JSON.stringify(fonts)},C=${JSON.stringify(sheets)},M=${JSON.stringify(manifests)},l,p=location.hash.replace(/^#/,'').split(/[?#]/)[0]||'/';
${TAP_RECORDER}
try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)})}catch(x){}
l=l==='my'?'my':'en';d.setAttribute('data-boot-at',String(performance.now()));
var R=h.en,k=R.hasOwnProperty(p)&&p!=='/'?p:p==='/'?'':'*',y;if(k==='*')for(y in R)if(y.indexOf(':')>0&&new RegExp('^'+y.replace(/:[^/]+/g,'[^/]+')+'$').test(p))k=y;
var c=k||'/',w=k.indexOf(':')>0;
var q=(k||l==='my')&&h[l].hasOwnProperty(c)&&(w||location.hash.indexOf('?')<0);if(q&&k===${JSON.stringify(BUY_PATH)})try{q=!sessionStorage.getItem(${JSON.stringify(PURCHASE_KEY)})}catch(x){q=false}
var I=q&&l==='en'&&c===${JSON.stringify(INLINE_PAGE)},B=function(){var P=document.getElementById('boot-page');if(P)P.parentNode.removeChild(P);return P},D=function(F){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',F);else F()};
d.setAttribute('data-boot',l==='my'?'my':I?'inline':q?'page':k?'route':'home');if(!I)D(B);
if(l==='my'){d.lang='my';for(var i=0;i<u.length;i++){var a=document.createElement('link');a.rel='preload';a.as='font';a.type='font/woff2';a.crossOrigin='';a.href=u[i];document.head.appendChild(a)}}
var g=function(){if(g.d)return;g.d=1;var N=function(r,u){var a=document.createElement('link');a.rel=r;a.href=u;if(r==='modulepreload')a.crossOrigin='';document.head.appendChild(a);return a};
N('modulepreload',e).setAttribute('data-entry','');for(var i=0;i<f.length;i++)N('modulepreload',f[i]);
var ok=0,L,S=function(){if(!L){L=C.map(function(u){var a=N('stylesheet',u);return new Promise(function(o){a.onload=a.onerror=o})});if(!document.querySelector('link[rel=manifest]'))N('manifest',M[l])}return Promise.all(L)},
T=import(A).then(function(m){ok=1;S();var t=m.default,x=k&&t.r[k]||[],s=(l==='my'?['common','home']:[]).concat(k&&t.n[k]||[]);for(var i=0;i<x.length;i++)N('modulepreload',x[i]);for(i=0;i<s.length;i++)if(t.b.hasOwnProperty(l+'/'+s[i]))N('modulepreload',t.b[l+'/'+s[i]]);return x},function(){return[]}),
Y=function(){return window.scheduler&&scheduler.yield?scheduler.yield():new Promise(function(o){var m=new MessageChannel;m.port1.onmessage=o;m.port2.postMessage(0)})},
run=function(z,done){var j=0,step=function(){if(j>=z.length)return done();import(z[j++]).then(function(){ok=1;return Y()},Y).then(step)};step()};
run(f,function(){T.then(function(x){run(x,function(){(ok?S():Promise.resolve()).then(function(){return import(e)})})})})},
after=function(t,since,wait){var go=function(){if(!go.d){go.d=1;setTimeout(g,0)}};try{var o=new PerformanceObserver(function(a){var e=a.getEntries();for(var i=0;i<e.length;i++)if(e[i].startTime>=since&&(t!=='paint'||e[i].name==='first-contentful-paint')){o.disconnect();return go()}});o.observe({type:t,buffered:true})}catch(x){go()}setTimeout(go,wait)};
if(document.hidden||l==='my'&&!q)g();else document.addEventListener('visibilitychange',g);
if(!q)return after('paint',0,1500);setTimeout(g,3000);
var put=function(t){if(document.readyState==='loading')return D(function(){put(t)});
if(l==='my'&&!put.f&&document.fonts){put.f=1;var F=function(){if(!F.d){F.d=1;put(t)}};Promise.all([document.fonts.load('400 1em "Noto Sans Myanmar"','\\u1000'),document.fonts.load('700 1em "Noto Sans Myanmar"','\\u1000')]).then(F,F);return}
var o=document.getElementById('root'),m=d.getAttribute('data-boot'),P=I?document.getElementById('boot-page'):B();if(!o||m!=='page'&&m!=='my'&&m!=='inline')return;if(I&&!P){d.setAttribute('data-boot','route');return g()}var v=o.querySelector('.loading-overlay'),x=o.firstChild,y;
while(x){y=x.nextSibling;if(x!==v)o.removeChild(x);x=y}if(!I)if(v)v.insertAdjacentHTML('beforebegin',t);else o.insertAdjacentHTML('beforeend',t);
o.setAttribute('data-prerendered',c);d.setAttribute('data-boot','page-shown');after('largest-contentful-paint',I?0:performance.now(),500)};
if(I)put('');else fetch(h[l][c]).then(function(a){if(!a.ok)throw 0;return a.text()}).then(put).catch(g)})();`;
}

export function prerender(options: PrerenderOptions): Plugin {
  let chunks: ChunkInfo[] = [];
  let failed = false;
  let outDir = 'dist';
  let root = options.root ?? process.cwd();
  return {
    name: 'prerender-home',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = options.root ?? config.root;
    },
    buildEnd(error) {
      // A failed build (a stylesheet that does not parse, a missing import) reports its own error;
      // pre-rendering it would only hide that behind "no entry chunk".
      failed = error !== undefined;
    },
    renderError() {
      failed = true;
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
      if (failed) return;
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
      /** A chunk's graph with every chunk after the chunks it imports: the order to run them in. */
      const dependenciesFirst = (file: string, seen = new Set<string>(), order: string[] = []) => {
        if (seen.has(file)) return order;
        seen.add(file);
        for (const next of byFile.get(file)?.imports ?? []) dependenciesFirst(next, seen, order);
        order.push(file);
        return order;
      };
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
        routeFiles[path] = dependenciesFirst(chunk.fileName)
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
        plugins: [...(options.plugins ?? []), react()],
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      // Every route but home (in index.html), in both languages; a route with parameters as its
      // shell (decision 085). Burmese also gets home's copy: index.html's is English.
      const fragmentPaths = Object.keys(routes);
      let markup: string;
      const pageMarkup = new Map<string, { path: string; language: string; page: string }>();
      try {
        const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
          prerenderHome: () => Promise<string>;
          prerenderPage: (path: string, language: string) => Promise<string>;
        };
        for (const language of COPY_LANGUAGES) {
          for (const path of language === 'en' ? fragmentPaths : ['/', ...fragmentPaths]) {
            const page = await module.prerenderPage(copyAddress(path), language);
            pageMarkup.set(`${language}:${path}`, { path, language, page });
          }
        }
        // Last, so that i18next is left in English for the markup that is hydrated.
        markup = await module.prerenderHome();
      } finally {
        await server.close();
      }
      // React 19 hoists the page's Open Graph <meta> tags into <head> when it hydrates; the
      // server string carries them inline, where the hydrating page would not expect them.
      // The head's own tags (title, meta, link, JSON-LD) are left to the app in both.
      markup = markup.replace(/<meta [^>]*property="og:[^>]*>/g, '');

      const indexPath = join(outDir, 'index.html');
      let html = readFileSync(indexPath, 'utf8');
      // The entry's stylesheets, in index.html's order: the boot script links them before the app
      // starts; each copy carries, inline, the part of them its first paint uses (decision 140).
      const entrySheets = [
        ...html.matchAll(/<link rel="stylesheet"[^>]*href="\.\/([^"]+)"[^>]*>/g),
      ].map((match) => {
        const raw = readFileSync(join(outDir, match[1]!), 'utf8');
        return { raw, css: inlineCss(raw, match[1]!) };
      });
      const styleTags = (sheets: string[]) =>
        sheets
          .filter(Boolean)
          .map((css) => `<style>${css}</style>`)
          .join('');

      // Each fragment carries its page's own stylesheets and the entry's, cut down to what its
      // markup uses (React's page then has its own whole, from its chunk, which Vite loads with
      // their <link>), in a file named by its content.
      const fragments: Record<string, Record<string, string>> = Object.fromEntries(
        COPY_LANGUAGES.map((language) => [language, {}]),
      );
      let inlineCopy: { markup: string; pageSheets: string[] } | undefined;
      for (const { path, language, page } of pageMarkup.values()) {
        const chunk = path === '/' ? undefined : bySource(routes[path]!.module)!;
        const css = new Set(
          chunk
            ? [...graph(chunk.fileName)]
                .filter((file) => !initial.has(file))
                .flatMap((file) => byFile.get(file)?.css ?? [])
            : [],
        );
        const pageSheets = [...css]
          .filter((file) => existsSync(join(outDir, file)))
          .map((file) => inlineCss(readFileSync(join(outDir, file), 'utf8'), file));
        if (/class="page-spinner"|<div hidden id="S:/.test(page)) {
          throw new Error(`prerender: the copy of ${path} is its spinner, not the page`);
        }
        const markup = pageFragment(page);
        if (language === 'en' && path === INLINE_PAGE) inlineCopy = { markup, pageSheets };
        const sheets = await criticalSheets(
          markup,
          [...entrySheets.map((sheet) => sheet.css), ...pageSheets],
          language,
          'drop',
        );
        const body = `${styleTags(sheets)}${markup}`;
        const name =
          path === '*'
            ? 'not-found'
            : path === '/'
              ? 'home'
              : path.replace(/^\//, '').replace(/:/g, '').replace(/\W+/g, '-');
        // English keeps its names (page-contact-…); Burmese copies are page-my-contact-….
        const slug = language === 'en' ? name : `${language}-${name}`;
        const hash = createHash('sha256').update(body).digest('hex').slice(0, 8);
        const file = `assets/page-${slug}-${hash}.html`;
        writeFileSync(join(outDir, file), body);
        fragments[language]![path] = `./${file}`;
      }
      if (!inlineCopy) throw new Error(`prerender: no English copy of ${INLINE_PAGE} to carry`);
      const carried = inlineCopy;

      // In index.html, the entry's stylesheets cut down to what the home page and the carried
      // checkout use; the carried copy brings its page's own, cut down to its markup.
      const headSheets = await criticalSheets(
        `${markup}${carried.markup}`,
        entrySheets.map((sheet) => sheet.css),
        'en',
        'keep',
      );
      const carriedSheets = await criticalSheets(carried.markup, carried.pageSheets, 'en', 'drop');
      let firstSheet = true;
      html = html.replace(/\s*<link rel="stylesheet"[^>]*href="\.\/([^"]+)"[^>]*>/g, () => {
        if (!firstSheet) return '';
        firstSheet = false;
        return `\n    ${styleTags(headSheets)}`;
      });
      // The entry and its imports are requested by the boot script, after the first frame.
      const entryTag = new RegExp(
        `\\s*<script type="module" crossorigin src="\\./${entry.fileName.replace(/[.$]/g, '\\$&')}"></script>`,
      );
      if (!entryTag.test(html)) throw new Error('prerender: the entry <script> was not found');
      html = html.replace(entryTag, '');
      const tagged: string[] = [];
      html = html.replace(
        /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        (_tag, href: string) => {
          tagged.push(href);
          return '';
        },
      );
      // The entry's imports, each after the chunks it imports: the boot script runs them in this
      // order, one task each, before the entry (decision 086).
      const preloads = dependenciesFirst(entry.fileName)
        .filter((file) => file !== entry.fileName && existsSync(join(outDir, file)))
        .map((file) => `./${file}`);
      if (preloads.length !== tagged.length || tagged.some((href) => !preloads.includes(href))) {
        throw new Error(
          `prerender: the entry's imports ${preloads} are not index.html's ${tagged}`,
        );
      }
      // The Burmese font's Myanmar glyphs (src/styles/burmese-font.css), preloaded for a Burmese
      // visitor, whose copy is put in place once they are in: no reflow when they arrive.
      const fonts = readdirSync(join(outDir, 'assets'))
        .filter((file) => /^noto-sans-myanmar-myanmar-(400|700)-normal-[\w-]+\.woff2$/.test(file))
        .sort()
        .map((file) => `./assets/${file}`);
      if (fonts.length !== 2) {
        throw new Error(`prerender: the Burmese font's two woff2 files, found ${fonts.join(', ')}`);
      }
      // The entry's stylesheets whole, in one file named by its content, linked when the app
      // starts: without the font faces, which index.html declares (declared again, they would
      // be new faces, loaded again, and a Burmese page would reflow when they came).
      const entryStyles = entrySheets.map((sheet) => withoutFontFaces(sheet.raw)).join('\n');
      const entryStylesFile = `assets/entry-styles-${createHash('sha256').update(entryStyles).digest('hex').slice(0, 8)}.css`;
      writeFileSync(join(outDir, entryStylesFile), entryStyles);
      // The route tables, a module named by its content, imported when the app starts.
      const tables: RouteTables = { r: routeFiles, b: bundles, n: routeNamespaces };
      const tablesText = `export default ${JSON.stringify(tables)};\n`;
      const tablesFile = `assets/boot-routes-${createHash('sha256').update(tablesText).digest('hex').slice(0, 8)}.js`;
      writeFileSync(join(outDir, tablesFile), tablesText);
      // The manifest is linked by the boot script once the page is painted: a link in the HTML
      // has the browser fetch it (and its icon) as soon as the page has loaded, before its paint.
      const manifestTag = /\s*<link rel="manifest" href="\.\/([^"]+)">/;
      const manifest = manifestTag.exec(html)?.[1];
      if (manifest !== manifestFiles.en) {
        throw new Error(
          `prerender: index.html links the manifest ${manifest}, not ${manifestFiles.en}`,
        );
      }
      html = html.replace(manifestTag, '');
      // The icon inline: the browser asks for an icon as soon as the page has loaded.
      const icon = readFileSync(join(outDir, 'favicon.svg'), 'utf8').trim();
      const iconTag = /<link rel="icon" href="\.\/favicon\.svg" type="image\/svg\+xml"\s*\/?>/;
      if (!iconTag.test(html)) throw new Error('prerender: no <link rel="icon"> to inline');
      html = html.replace(
        iconTag,
        () =>
          `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(icon)}" type="image/svg+xml" />`,
      );
      const script = bootScript({
        entry: `./${entry.fileName}`,
        initial: preloads,
        tables: `./${tablesFile}`,
        fragments,
        fonts,
        sheets: [`./${entryStylesFile}`],
        manifests: { en: `./${manifestFiles.en}`, my: `./${manifestFiles.my}` },
      });
      const hashes = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      html = html.replace(/(script-src &#39;self&#39;|script-src 'self')/, `$1 ${hashes}`);
      if (!html.includes(hashes)) {
        throw new Error('prerender: no script-src in the Content-Security-Policy to allow it');
      }
      // A function, so that `$'` and the like in the script are not read as replacement patterns.
      html = html.replace('</title>', () => `</title>\n    <script>${script}</script>`);
      if (!html.includes('<div id="root"></div>')) throw new Error('prerender: no empty #root');
      html = html.replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="home">${markup}</div>`,
      );
      // The checkout's copy, in the document itself and shown from its first paint when the
      // visit is for it (the boot script's `inline`), else removed once the document is read.
      html = html.replace(
        '</body>',
        () => `<div id="boot-page">${styleTags(carriedSheets)}${carried.markup}</div>\n  </body>`,
      );
      writeFileSync(indexPath, html);
    },
  };
}
