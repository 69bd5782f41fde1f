/** Formatting shared by pages and documents: prices, dates, billing words, one-line text. */
import { ui } from '../../i18n/ui';
import type { Locale } from '../base/i18n';
import type { Billing } from '../catalog/records';

const intlLocale: Record<Locale, string> = { pl: 'pl-PL', en: 'en-GB' };

/** Money has its own module (src/server/base/money.ts); re-exported for the documents that import it here. */
export { formatPrice } from '../base/money';

export function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** YYYY-MM-DD (machine-readable dates in documents and <time datetime>). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export const billingLabel: Record<Locale, Record<Billing, string>> = { pl: ui.pl.money.billing, en: ui.en.money.billing };

/** "od " / "from " before starting prices. */
export const fromWord: Record<Locale, string> = { pl: ui.pl.money.from, en: ui.en.money.from };

/** Collapses whitespace: for one-line fields (llms.txt notes, table cells). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** VAT rate as a percentage ("23%"). */
export function vatPercent(rate: number): string {
  return `${Math.round(rate * 10000) / 100}%`;
}
