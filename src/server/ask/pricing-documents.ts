/**
 * The pricing page's /ask documents: the page, and one per section (a question about website prices
 * should land on that section), each with the words people ask about prices with.
 */
import { ui } from '../../i18n/ui.ts';
import { formatNetGross } from '../base/money.ts';
import { flowKeywords } from './flow-keywords.ts';
import type { CatalogRecord } from '../catalog/records.ts';
import type { Locale } from '../base/i18n.ts';
import type { AskCatalog, AskDocument } from './documents.ts';

/** The /ask result id of a pricing section: its page's id and the section's (`pricing:pl:cennik#websites`). */
export const sectionId = (pageId: string, section: string) => `${pageId}#${section}`;

function priceLabel(locale: Locale, price: CatalogRecord['prices'][number]): string {
  const per = price.billing === 'monthly' ? ` ${ui[locale].askFlows.perMonth}` : price.billing === 'hourly' ? ` ${ui[locale].askFlows.perHour}` : '';
  return `${price.name}: ${formatNetGross('net', price.net, locale, price.from)}${per}`;
}

export function pricingDocuments(record: CatalogRecord, catalog: AskCatalog): AskDocument[] {
  const locale = record.locale;
  const data = catalog.pricing[locale];
  const page: AskDocument = {
    id: record.id,
    type: 'pricing',
    locale,
    key: record.key,
    title: record.title,
    summary: record.summary,
    url: record.url,
    source: record.markdownUrl,
    tags: [],
    keywords: [flowKeywords.pricing[locale], flowKeywords.priceTerms[locale], ...(record.searchTerms ?? [])].join(' · '),
    body: record.body,
  };
  const sections = (data?.sections ?? []).map((section): AskDocument => {
    const items = record.prices.filter((price) => price.section === section.id);
    return {
      id: sectionId(record.id, section.id),
      type: 'pricing',
      locale,
      key: `${record.key}#${section.id}`,
      title: `${record.title}: ${section.title}`,
      summary: [section.intro, items.map((price) => priceLabel(locale, price)).join('; ')].filter(Boolean).join(' '),
      // The pricing page's heading anchor for the section (PricingPage.astro: id="section-<id>").
      url: `${record.url}#section-${section.id}`,
      source: record.markdownUrl,
      tags: [],
      keywords: [flowKeywords.pricing[locale], ...(section.searchTerms ?? [])].join(' · '),
      body: items.map((price) => `${price.name}. ${price.summary}. ${price.features.join('. ')}`).join('\n'),
      servicesPriced: [...new Set(section.items.flatMap((item) => (item.service ? [item.service] : [])))],
    };
  });
  return [page, ...sections];
}
