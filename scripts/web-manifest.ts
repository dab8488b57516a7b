import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest in each language (issue #42, decision 111): English in
 * manifest.webmanifest (vite-plugin-pwa writes it and links it from index.html), Burmese in
 * manifest-my.webmanifest, which src/lib/i18n/i18n.ts links instead while the shop is in Burmese.
 * Names and descriptions come from locales/<language>/common.json (`app`).
 */
export const manifestFiles = { en: 'manifest.webmanifest', my: 'manifest-my.webmanifest' } as const;
export type ManifestLanguage = keyof typeof manifestFiles;

/** The shop's colours: the page background, which the launch screen and the status bar take. */
const background = '#0a0f24';

export function webManifest(language: ManifestLanguage, brand: string): Partial<ManifestOptions> {
  const common = JSON.parse(
    readFileSync(new URL(`../locales/${language}/common.json`, import.meta.url), 'utf8'),
  ) as { app: { name: string; description: string } };
  return {
    id: './',
    name: common.app.name.replaceAll('{{brand}}', brand),
    short_name: brand,
    description: common.app.description,
    lang: language,
    dir: 'ltr',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: background,
    theme_color: background,
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: 'icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/** Writes the Burmese manifest next to the English one. */
export function burmeseManifest(brand: string): Plugin {
  return {
    name: 'burmese-web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: manifestFiles.my,
        source: `${JSON.stringify(webManifest('my', brand))}\n`,
      });
    },
  };
}
