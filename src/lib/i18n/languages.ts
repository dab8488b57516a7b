import { readText } from '../web-storage';
export const languages = ['en', 'my'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export const languageStorageKey = 'esim-shop.language';

export const namespaces = [
  'common',
  'home',
  'purchase',
  'chat',
  'compatibility',
  'support',
  'status',
  'media',
  'about',
  'guide',
  'faq',
  'partners',
  'legal',
  'blog',
  'dev',
  'delivery',
  'staff',
] as const;
export type Namespace = (typeof namespaces)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** BCP 47 locale used for numbers and dates in each UI language. */
export const intlLocale: Record<Language, string> = { en: 'en-GB', my: 'my-MM' };

export function storedLanguage(): Language {
  const value = readText('local', languageStorageKey);
  return isLanguage(value) ? value : defaultLanguage;
}

/** The UI language a value stands for: `en` or `my`, English for anything else. */
export const toLanguage = (value: string | undefined): Language =>
  isLanguage(value) ? value : defaultLanguage;
