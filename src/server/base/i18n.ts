/** Locales: the two languages of the site and which is the default (their URLs are in urls.ts). */
export const locales = ['pl', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'pl';

/** Each language's name in English, as prompts and documents for agents name it. */
export const languageName: Record<Locale, string> = { pl: 'Polish', en: 'English' };

export function isLocale(value: unknown): value is Locale {
  return value === 'pl' || value === 'en';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'pl' ? 'en' : 'pl';
}
