/**
 * Counted nouns with the right plural form (Intl.PluralRules): Polish has one/few/many
 * ("1 znak", "2 znaki", "5 znaków", "22 znaki"), English one/other.
 */
import type { Locale } from './i18n.ts';

export type PluralForms = { one: string; few?: string; many?: string; other: string };

const rules: Record<Locale, Intl.PluralRules> = { pl: new Intl.PluralRules('pl-PL'), en: new Intl.PluralRules('en-GB') };

export function plural(locale: Locale, count: number, forms: PluralForms): string {
  const category = rules[locale].select(count) as keyof PluralForms;
  return forms[category] ?? forms.other;
}

/** "2 znaki", "5 artykułów", "1 article". */
export function countOf(locale: Locale, count: number, forms: PluralForms): string {
  return `${count} ${plural(locale, count, forms)}`;
}
