/**
 * Prices quoted in prose ("pakiet Start za 4900 zł netto to 6027 zł brutto", "the Start package at
 * PLN 4,900 net is PLN 6,027 gross"), in every page and in the pricing page's own text, checked
 * against the pricing file of the page's language:
 *
 * - a sentence names an item by the item's `name` as the pricing file writes it (same capitals), before
 *   the amount, in the same sentence: the name owns the first amount after it and the gross amount
 *   that follows that net one ("Start za 4900 zł netto to 6027 zł brutto"). A named amount is that
 *   item's price: net ("netto", "net") its `priceNet`, gross ("brutto", "gross") its gross with the
 *   file's VAT, an amount with neither one of the two. Another item's price does not pass for it;
 * - an amount that names no item and says net or gross must still be a price of the file: some item's
 *   (or the consultation's) net or gross, or an amount its front matter writes (a section's intro);
 * - a gross amount right after a net one in a sentence is that net amount with VAT;
 * - ranges ("3000–8000 zł netto") and limits ("do 3000 zł", "up to PLN 3,000") are estimates and
 *   thresholds, not prices: not checked.
 */
import { readFileSync } from 'node:fs';
import type { Locale } from '../server/base/i18n';
import { grossOf } from '../server/catalog/records';
import type { Finding } from './content-checks';
import type { ContentEntry } from './content-files';
import { say, type Language } from './messages';

type Kind = 'net' | 'gross' | 'either';

interface Quote { text: string; index: number; amount: number; kind: Kind }

interface Priced { id: string; name: string; net: number; gross: number }

/** Amounts with their currency (and net/gross), per language; a range's second figure is left out by the lookbehind. */
const quotePatterns: Record<Locale, RegExp[]> = {
  pl: [/(?<![\d–-]\s?)(?<![\d,])(\d{1,3}(?:[ \u00a0]\d{3})+|\d+)(?:,(\d{1,2}))?[ \u00a0]?(?:zł|PLN)(?![\p{L}])(?:[ \u00a0](netto|brutto))?(?![–-]\d)/gu],
  en: [
    /(?<![\d–-]\s?)PLN[ \u00a0](\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?![\d–-]|[,.]\d)(?:[ \u00a0](net|gross)\b)?/g,
    /(?<![\d–-]\s?)(?<![\d,.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?[ \u00a0]PLN(?:[ \u00a0](net|gross)\b)?/g,
  ],
};

/** Words before an amount that make it a limit, not a price. */
const limitWords: Record<Locale, RegExp> = {
  pl: /(?:^|\s)(?:do|ponad|powyżej|poniżej|poniżej|maksymalnie|minimum)\s+$/i,
  en: /(?:^|\s)(?:up to|over|above|below|under|at most|maximum|minimum)\s+$/i,
};

function quotesOf(text: string, locale: Locale): Quote[] {
  const quotes: Quote[] = [];
  for (const pattern of quotePatterns[locale]) {
    for (const match of text.matchAll(pattern)) {
      if (limitWords[locale].test(text.slice(Math.max(0, match.index - 20), match.index).replace(/PLN\s*$/, ''))) continue;
      const whole = Number(match[1]!.replace(/[\s\u00a0,]/g, ''));
      const amount = whole + (match[2] ? Number(`0.${match[2]}`) : 0);
      const word = match[3];
      const kind: Kind = word === 'netto' || word === 'net' ? 'net' : word ? 'gross' : 'either';
      quotes.push({ text: match[0], index: match.index, amount, kind });
    }
  }
  return quotes.sort((a, b) => a.index - b.index);
}

/** Where the sentence of `index` starts: after the last full stop followed by a capital, or the last line break. */
function sentenceStart(text: string, index: number): number {
  let start = 0;
  for (const match of text.slice(0, index).matchAll(/[.!?]\s+(?=[\p{Lu}„"*])|\n/gu)) start = match.index + match[0].length;
  return start;
}

const same = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** An amount as the language writes it in prose: `1217,70 zł brutto`, `PLN 1,217.70 gross`. */
function written(amount: number, kind: Exclude<Kind, 'either'>, locale: Locale): string {
  const cents = Number.isInteger(amount) ? 0 : 2;
  if (locale === 'pl') return `${amount.toFixed(cents).replace('.', ',')} zł ${kind === 'net' ? 'netto' : 'brutto'}`;
  return `PLN ${amount.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents })} ${kind}`;
}

function pricedOf(pricing: ContentEntry): { items: Priced[]; vatRate: number } {
  const vatRate = typeof pricing.data.vatRate === 'number' ? pricing.data.vatRate : 0;
  const sections = Array.isArray(pricing.data.sections) ? (pricing.data.sections as { items?: unknown }[]) : [];
  const raw = sections.flatMap((section) => (Array.isArray(section.items) ? (section.items as { id?: unknown; name?: unknown; priceNet?: unknown }[]) : []));
  const consultation = pricing.data.consultation as { name?: unknown; priceNet?: unknown } | undefined;
  if (consultation) raw.push({ id: 'consultation', ...consultation });
  const items = raw
    .filter((item) => typeof item.name === 'string' && typeof item.priceNet === 'number')
    .map((item) => ({ id: String(item.id), name: item.name as string, net: item.priceNet as number, gross: grossOf(item.priceNet as number, vatRate) }));
  return { items, vatRate };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The item names in a stretch of text, by where they end (a longer name wins where two end together). */
function namesIn(text: string, items: Priced[]): { name: string; end: number }[] {
  const found: { name: string; end: number }[] = [];
  for (const name of new Set(items.map((item) => item.name))) {
    for (const match of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'gu'))) found.push({ name, end: match.index + name.length });
  }
  return found.sort((a, b) => a.end - b.end || a.name.length - b.name.length);
}

export function checkQuotedPrices(entry: ContentEntry, pricing: ContentEntry, findings: Finding[], language: Language) {
  const { items, vatRate } = pricedOf(pricing);
  const locale = entry.locale;
  const full = readFileSync(entry.absolutePath, 'utf8');
  // The pricing file's front matter is the source; its text (the body) is prose like any page's.
  const bodyStart = entry.type.type === 'pricing' ? full.length - entry.body.length : 0;
  const pricingText = readFileSync(pricing.absolutePath, 'utf8');
  const stated = quotesOf(pricingText.slice(0, pricingText.length - pricing.body.length), locale).filter((quote) => quote.kind === 'net').map((quote) => quote.amount);
  const quotes = quotesOf(full, locale).filter((quote) => quote.index >= bodyStart);
  const report = (quote: Quote, message: { message: string }) =>
    findings.push({ level: 'error', check: 'stale-price', file: entry.file, line: full.slice(0, quote.index).split('\n').length, ...message });

  quotes.forEach((quote, at) => {
    const start = sentenceStart(full, quote.index);
    const nearest = namesIn(full.slice(start, quote.index), items).at(-1);
    const previous = quotes[at - 1];
    // A name owns the amount after it, and the gross amount that goes with that net one; not the amounts of the next clause.
    const since = nearest ? quotes.filter((other) => other.index >= start + nearest.end && other.index < quote.index) : [];
    const named = nearest && (since.length === 0 || (since.length === 1 && since[0]!.kind === 'net' && quote.kind === 'gross')) ? nearest.name : undefined;
    // "4900 zł netto to 6027 zł brutto": the gross amount is the net one with VAT.
    if (quote.kind === 'gross' && previous?.kind === 'net' && previous.index >= start) {
      const between = namesIn(full.slice(previous.index, quote.index), items);
      const gross = grossOf(previous.amount, vatRate);
      if (!between.length && !same(gross, quote.amount)) {
        return report(quote, say(language, 'grossOfNet', { quote: quote.text, net: written(previous.amount, 'net', locale), gross: written(gross, 'gross', locale), rate: String(Math.round(vatRate * 100)) }));
      }
      // The net amount is checked on its own: one message for one wrong figure.
      if (!between.length && !named) return;
    }
    if (named) {
      const candidates = items.filter((item) => item.name === named);
      const fits = (item: Priced) => (quote.kind !== 'gross' && same(item.net, quote.amount)) || (quote.kind !== 'net' && same(item.gross, quote.amount));
      if (candidates.some(fits)) return;
      const item = candidates[0]!;
      const kind = quote.kind === 'gross' ? 'gross' : 'net';
      const other = items.find((candidate) => candidate.name !== named && fits(candidate));
      return report(quote, say(language, 'priceOfItem', {
        quote: quote.text, name: item.name, file: pricing.file,
        price: candidates.map((candidate) => written(kind === 'net' ? candidate.net : candidate.gross, kind, locale)).join(language === 'pl' ? ' albo ' : ' or '),
        quoteFigure: written(quote.amount, kind, locale), other: other ? `${other.name} (${other.id})` : '',
      }));
    }
    if (quote.kind === 'either') return;
    const known = quote.kind === 'net' ? [...items.map((item) => item.net), ...stated] : items.map((item) => item.gross);
    if (!known.some((amount) => same(amount, quote.amount))) report(quote, say(language, 'stalePrice', { quote: quote.text, file: pricing.file }));
  });
}
