/**
 * Pricing: one file per language, its page at the pricing path. Kept whole in `catalog.pricing`;
 * its record carries every price, net and gross. /ask indexes the page and each of its sections.
 */
import { PricingFrontmatter } from '../../schemas/content';
import { locales } from '../../base/i18n';
import { paths, routePaths } from '../../base/urls';
import { pricingDocuments } from '../../ask/pricing-documents';
import { grossOf, type Price } from '../records';
import { defineContentType } from './content-type';

export const pricing = defineContentType({
  type: 'pricing',
  collection: 'pricing',
  folder: 'pricing',
  schema: () => PricingFrontmatter,
  path: (locale) => paths.pricing(locale),
  drafts: false,
  detailPages: false,
  load(entries, context) {
    for (const entry of entries) {
      const fields = context.baseFields(entry);
      const { data } = entry;
      context.catalog.pricing[fields.locale] = data;
      const prices: Price[] = data.sections.flatMap((section) =>
        section.items.map((item) => ({
          id: item.id, section: section.id, name: item.name, summary: item.summary,
          net: item.priceNet, gross: grossOf(item.priceNet, data.vatRate), vatRate: data.vatRate,
          currency: 'PLN' as const, billing: item.billing, from: item.from, features: item.features, service: item.service,
        })),
      );
      context.add({ ...fields, prices });
    }
  },
  finish(catalog) {
    for (const locale of locales) if (!catalog.pricing[locale]) throw new Error(`content/pricing/${locale}/ has no pricing file`);
  },
  llms: {
    section: 'Pricing',
    fullTextRank: 2,
    lead: { title: 'Pricing in both languages', path: routePaths.pricingMd, note: 'every package, plan and rate in PLN, net and gross with 23% VAT, and the free consultation' },
  },
  // A question about website prices should land on that section of the page.
  ask: { documents: pricingDocuments },
});
