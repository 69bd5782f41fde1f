/**
 * Money as people read it, the one formatter for pages, documents, /ask and tools: "602,70 zł" in
 * Polish, "PLN 602.70" in English; whole amounts without decimals ("4900 zł", "PLN 4,900"). Plain
 * spaces instead of Intl's no-break ones, so Markdown readers and agents match the text.
 */
import { ui } from '../../i18n/ui';
import type { Locale } from './i18n';

const intlLocale: Record<Locale, string> = { pl: 'pl-PL', en: 'en-GB' };

export function formatPrice(value: number, locale: Locale): string {
  const fractionDigits = Number.isInteger(value) ? 0 : 2;
  return new Intl.NumberFormat(intlLocale[locale], {
    style: 'currency', currency: 'PLN', currencyDisplay: locale === 'pl' ? 'symbol' : 'code',
    minimumFractionDigits: fractionDigits, maximumFractionDigits: 2,
  }).format(value).replace(/[\u00a0\u202f]/g, ' ');
}

/** "602,70 zł netto" / "PLN 602.70 net" (optionally "od …" / "from …"). */
export function formatNetGross(kind: 'net' | 'gross', value: number, locale: Locale, from = false): string {
  const words = ui[locale].money;
  return `${from ? `${words.from} ` : ''}${formatPrice(value, locale)} ${words[kind]}`;
}
