import i18next, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { env } from '../../config/env';
import englishCommon from '../../../locales/en/common.json';
import englishHome from '../../../locales/en/home.json';
import { createBundleBackend } from './bundle-backend';
import { textsForMode } from './mode-texts';
import {
  defaultLanguage,
  isLanguage,
  languageStorageKey,
  storedLanguage,
  type Language,
} from './languages';
import { writeText } from '../web-storage';

/**
 * Every bundle but English `common` and `home` (the landing page's, so that its first paint waits
 * for no extra request) is its own small chunk, fetched when a page needs it.
 */
const bundles = import.meta.glob<{ default: ResourceKey }>('../../../locales/*/*.json');

/** `language/namespace` of each bundle shown in English because its own did not load. */
const fallbacks = new Set<string>();
const fallbackListeners = new Set<() => void>();
let fallbackSnapshot: readonly string[] = [];

function setFallback(name: string, on: boolean) {
  const had = fallbacks.has(name);
  if (on === had) return;
  if (on) fallbacks.add(name);
  else fallbacks.delete(name);
  fallbackSnapshot = [...fallbacks];
  if (i18next.isInitialized) reflectLanguage(i18next.language);
  for (const listener of fallbackListeners) listener();
}

/** For useSyncExternalStore: the bundles now shown in English instead of their language. */
export function subscribeLanguageFallbacks(listener: () => void) {
  fallbackListeners.add(listener);
  return () => fallbackListeners.delete(listener);
}
export const languageFallbacks = () => fallbackSnapshot;

const bundleBackend = createBundleBackend({
  // By `language/namespace`, from '../../../locales/my/common.json'.
  loaders: Object.fromEntries(
    Object.entries(bundles).map(([path, load]) => [
      path.replace(/^.*\/locales\//, '').replace(/\.json$/, ''),
      load,
    ]),
  ),
  bundled: { 'en/common': englishCommon, 'en/home': englishHome },
  onFallback: (language, namespace) => setFallback(`${language}/${namespace}`, true),
  transform: (bundle) => textsForMode(bundle, Boolean(env.apiUrl)),
});

/**
 * Loads again the bundles of the current language that fell back to English (the notice's
 * "Try again", and by itself when the browser comes back online). Resolves with whether every
 * one of them loaded.
 */
export async function retryLanguageBundles(): Promise<boolean> {
  const language = i18next.language;
  const namespaces = fallbackSnapshot
    .filter((name) => name.startsWith(`${language}/`))
    .map((name) => name.slice(language.length + 1));
  if (namespaces.length === 0) return true;
  for (const namespace of namespaces) setFallback(`${language}/${namespace}`, false);
  await i18next.reloadResources([language], namespaces);
  // Re-renders every translated component with the bundles now in the store.
  await i18next.changeLanguage(language);
  return namespaces.every((namespace) => !fallbacks.has(`${language}/${namespace}`));
}

function reflectLanguage(language: string) {
  const lang: Language = isLanguage(language) ? language : defaultLanguage;
  // While the language's common bundle is replaced by English, the page reads as English.
  document.documentElement.lang = fallbacks.has(`${lang}/common`) ? defaultLanguage : lang;
  // The installed shop's name and description in the page's language (issue #42).
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = lang === 'my' ? 'manifest-my.webmanifest' : 'manifest.webmanifest';
}

export const i18n = i18next;

export async function initI18n(language: Language = storedLanguage()) {
  if (i18next.isInitialized) return i18next;
  i18next.on('languageChanged', reflectLanguage);
  window.addEventListener('online', () => void retryLanguageBundles());
  await i18next
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: ['en', 'my'],
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: {
        en: {
          common: textsForMode(englishCommon, Boolean(env.apiUrl)),
          home: textsForMode(englishHome, Boolean(env.apiUrl)),
        },
      },
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: env.reportsMissingTranslations,
      missingKeyHandler: (languages, namespace, key) => {
        console.warn(`Missing translation: ${languages.join(',')}/${namespace}:${key}`);
      },
      react: { useSuspense: true },
    });
  reflectLanguage(i18next.language);
  return i18next;
}

export async function changeLanguage(language: Language) {
  // Private mode: the choice lasts for this visit only.
  writeText('local', languageStorageKey, language);
  await i18next.changeLanguage(language);
}
