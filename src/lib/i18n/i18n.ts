import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { env } from '../../config/env';
import englishCommon from '../../../locales/en/common.json';
import englishHome from '../../../locales/en/home.json';
import {
  defaultLanguage,
  isLanguage,
  languageStorageKey,
  storedLanguage,
  type Language,
} from './languages';

/**
 * Every bundle but English `common` and `home` (the landing page's, so that its first paint waits
 * for no extra request) is its own small chunk, fetched when a page needs it.
 */
const bundles = import.meta.glob<{ default: ResourceKey }>('../../../locales/*/*.json');

const bundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`../../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translation bundle ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (bundle) => callback(null, bundle.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

let burmeseFont: Promise<unknown> | undefined;

/** Loads the self-hosted Burmese font once, only when Burmese is chosen. */
function loadBurmeseFont() {
  burmeseFont ??= import('@fontsource/noto-sans-myanmar/400.css')
    .then(() => import('@fontsource/noto-sans-myanmar/700.css'))
    .catch((error: unknown) => console.info('Burmese font could not be loaded', error));
  return burmeseFont;
}

function reflectLanguage(language: string) {
  const lang: Language = isLanguage(language) ? language : defaultLanguage;
  document.documentElement.lang = lang;
  if (lang === 'my') void loadBurmeseFont();
}

export const i18n = i18next;

export async function initI18n(language: Language = storedLanguage()) {
  if (i18next.isInitialized) return i18next;
  i18next.on('languageChanged', reflectLanguage);
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
      resources: { en: { common: englishCommon, home: englishHome } },
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
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  await i18next.changeLanguage(language);
}
