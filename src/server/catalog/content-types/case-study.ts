/**
 * Case studies: the client, the problem, the work, the results in figures, a quote, pictures and the
 * services used (resolved to the published services of the same language, so services load first).
 * Kept whole in `catalog.caseStudies`, newest first.
 */
import { caseStudyFrontmatter } from '../../schemas/content';
import { locales } from '../../base/i18n';
import { paths } from '../../base/urls';
import { defineContentType } from './content-type';

export const caseStudy = defineContentType({
  type: 'case_study',
  collection: 'caseStudies',
  folder: 'case-studies',
  schema: (image) => caseStudyFrontmatter(image),
  path: paths.caseStudy,
  drafts: true,
  detailPages: true,
  references: { services: 'service' },
  load(entries, context) {
    const { caseStudies, services } = context.catalog;
    for (const entry of entries) {
      const fields = context.baseFields(entry);
      const { locale, slug, path } = fields;
      const { draft: _draft, images, services: serviceKeys, ...data } = entry.data;
      const used = serviceKeys.map((key) => {
        const item = services[locale].find((candidate) => candidate.translationKey === key);
        if (!item) throw new Error(`content/case-studies/${entry.id}: services names "${key}", which is no published ${locale} service's translationKey`);
        return { key, slug: item.slug, title: item.title, path: item.path, url: item.url };
      });
      caseStudies![locale].push({
        ...data, slug, path, url: context.absoluteUrl(path), services: used,
        images: images.map((image) => ({ url: context.absoluteUrl(image.src.src), alt: image.alt, width: image.src.width, height: image.src.height })),
      });
      context.add({ ...fields, published: entry.data.published });
    }
    for (const locale of locales) {
      caseStudies![locale].sort((a, b) => b.published.getTime() - a.published.getTime() || a.slug.localeCompare(b.slug));
    }
  },
  llms: { section: 'Case studies', fullTextRank: 3 },
  ask: {
    // The case page shows the client, the problem, the work, the figures and the quote: index them too.
    text(record, catalog) {
      const data = catalog.caseStudies?.[record.locale]?.find((item) => item.slug === record.slug);
      if (!data) return '';
      return [data.client.type, data.client.size, data.problem, ...data.work, ...data.results.map((result) => `${result.figure} ${result.label}`), data.quote.text].join('\n');
    },
  },
});
