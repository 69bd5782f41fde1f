/**
 * Services: ordered by `order`, kept whole in `catalog.services` (their pages, cards and tools read
 * the deliverables, steps and FAQ), priced by an item of the pricing file.
 */
import { ServiceFrontmatter } from '../../schemas/content';
import { locales } from '../../base/i18n';
import { paths } from '../../base/urls';
import { priceOfItem } from '../records';
import { defineContentType } from './content-type';

export const service = defineContentType({
  type: 'service',
  collection: 'services',
  folder: 'services',
  schema: () => ServiceFrontmatter,
  path: paths.service,
  drafts: true,
  detailPages: true,
  order: (a, b) => a.data.order - b.data.order,
  load(entries, context) {
    for (const entry of entries) {
      const fields = context.baseFields(entry);
      context.catalog.services[fields.locale].push({ ...entry.data, slug: fields.slug, path: fields.path, url: context.absoluteUrl(fields.path) });
      context.add({ ...fields, tags: entry.data.tags });
    }
  },
  finish(catalog) {
    // A service's price is the pricing file's figure (its priceItem); the content check refuses an unknown id.
    for (const locale of locales) {
      const pricing = catalog.pricing[locale];
      if (pricing) for (const item of catalog.services[locale]) item.priceFromNet = priceOfItem(pricing, item.priceItem);
    }
  },
  llms: { section: 'Services', fullTextRank: 1 },
  ask: {
    // The service page shows its deliverables, steps and FAQ: index them too.
    text(record, catalog) {
      const data = catalog.services?.[record.locale]?.find((item) => item.slug === record.slug);
      if (!data) return '';
      return [
        ...data.deliverables,
        ...data.process.map((step) => `${step.step}. ${step.description}`),
        ...data.faq.map((entry) => `${entry.question} ${entry.answer}`),
      ].join('\n');
    },
  },
});
