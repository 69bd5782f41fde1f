/**
 * Prices are stated once, in the pricing file of each language; these checks keep every other place in
 * step with it. A service names its price (`priceItem`), so cards, pages, tools and JSON-LD read the
 * figure there; the two pricing files must agree figure by figure (one offer, two languages); and a
 * price quoted in prose, the pricing page's own text included, is checked against the item it names
 * (./price-quotes.ts), so a changed price cannot live on in an old sentence.
 */
import { otherLocale, type Locale } from '../server/base/i18n';
import type { Finding } from './content-checks';
import type { ContentEntry } from './content-files';
import { say, type Language } from './messages';
import { checkQuotedPrices } from './price-quotes';

interface PricingItem { id: string; priceNet: number; billing?: unknown; from?: unknown }

function itemsOf(entry: ContentEntry): PricingItem[] {
  const sections = Array.isArray(entry.data.sections) ? (entry.data.sections as { items?: unknown }[]) : [];
  return sections.flatMap((section) => (Array.isArray(section.items) ? (section.items as PricingItem[]) : [])).filter((item) => typeof item?.id === 'string');
}

export function checkPrices(entries: ContentEntry[], findings: Finding[], language: (entry: ContentEntry) => Language) {
  const pricing = new Map<Locale, ContentEntry>();
  for (const entry of entries) if (entry.collection === 'pricing' && !pricing.has(entry.locale)) pricing.set(entry.locale, entry);

  // A service's price: an item of the pricing file of its language, the same item in both languages.
  for (const entry of entries.filter((candidate) => candidate.collection === 'services')) {
    const id = entry.data.priceItem;
    const file = pricing.get(entry.locale);
    if (id === undefined || !file) continue;
    const ids = itemsOf(file).map((item) => item.id);
    if (!ids.includes(String(id))) {
      findings.push({ level: 'error', check: 'price-item', file: entry.file, field: 'priceItem', ...say(language(entry), 'priceItemUnknown', { id: String(id), file: file.file, ids: ids.join(', ') }) });
    }
    const translation = entries.find((other) => other.collection === 'services' && other.locale === otherLocale(entry.locale) && other.data.translationKey === entry.data.translationKey);
    if (translation && translation.data.priceItem !== undefined && translation.data.priceItem !== id && entry.locale === 'pl') {
      findings.push({ level: 'error', check: 'price-item', file: entry.file, field: 'priceItem', ...say(language(entry), 'priceItemTranslation', { id: String(id), other: translation.file, otherId: String(translation.data.priceItem) }) });
    }
  }

  // The two pricing files state one offer: every item and the consultation cost the same in both.
  const pl = pricing.get('pl');
  const en = pricing.get('en');
  if (pl && en) {
    const enItems = new Map(itemsOf(en).map((item) => [item.id, item]));
    for (const item of itemsOf(pl)) {
      const other = enItems.get(item.id);
      if (!other) {
        findings.push({ level: 'error', check: 'price-translation', file: en.file, field: 'sections', ...say(language(en), 'priceItemMissing', { id: item.id, other: pl.file }) });
        continue;
      }
      for (const field of ['priceNet', 'billing', 'from'] as const) {
        if ((item[field] ?? false) !== (other[field] ?? false)) {
          findings.push({ level: 'error', check: 'price-translation', file: en.file, field: `${item.id}.${field}`, ...say(language(en), 'priceDisagrees', { id: item.id, field, value: String(other[field] ?? false), other: pl.file, otherValue: String(item[field] ?? false) }) });
        }
      }
      enItems.delete(item.id);
    }
    for (const id of enItems.keys()) findings.push({ level: 'error', check: 'price-translation', file: pl.file, field: 'sections', ...say(language(pl), 'priceItemMissing', { id, other: en.file }) });
    const consultation = (entry: ContentEntry) => (entry.data.consultation as { priceNet?: unknown } | undefined)?.priceNet;
    if (consultation(pl) !== consultation(en)) {
      findings.push({ level: 'error', check: 'price-translation', file: en.file, field: 'consultation.priceNet', ...say(language(en), 'priceDisagrees', { id: 'consultation', field: 'priceNet', value: String(consultation(en)), other: pl.file, otherValue: String(consultation(pl)) }) });
    }
    if (pl.data.vatRate !== en.data.vatRate) {
      findings.push({ level: 'error', check: 'price-translation', file: en.file, field: 'vatRate', ...say(language(en), 'priceDisagrees', { id: 'VAT', field: 'vatRate', value: String(en.data.vatRate), other: pl.file, otherValue: String(pl.data.vatRate) }) });
    }
  }

  for (const entry of entries) {
    const file = pricing.get(entry.locale);
    if (file) checkQuotedPrices(entry, file, findings, language(entry));
  }
}
