/** Locales: the two languages of the site and which is the default (their URLs are in urls.ts). */
export const locales = ['pl', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'pl';

export function isLocale(value: unknown): value is Locale {
  return value === 'pl' || value === 'en';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'pl' ? 'en' : 'pl';
}
