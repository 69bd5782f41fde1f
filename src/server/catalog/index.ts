/**
 * The catalog: content turned into typed records that pages, agent documents, /ask, MCP tools and
 * the chat all read. Built once per process (or per build) from the content collections.
 */
import { getSettings } from '../settings';
import { isLocale, type Locale } from '../i18n';
import { markdownTwin, paths } from '../urls';
import { resolveBodyImages } from './body-images';
import { grossOf, priceOfItem, recordId, type Catalog, type CatalogRecord, type Price } from './records';

export * from './records';

/** Splits `pl/some-slug` into its locale and slug, refusing files outside a locale folder. */
export function splitEntryId(id: string, collection: string): { locale: Locale; slug: string } {
  const [locale, ...rest] = id.split('/');
  if (!isLocale(locale) || rest.length === 0) {
    throw new Error(`content/${collection}/${id}: entries must live in a pl/ or en/ folder`);
  }
  return { locale, slug: rest.join('/') };
}

export function absoluteUrl(path: string): string {
  return `${getSettings().SITE_URL}${path}`;
}

function record(fields: Omit<CatalogRecord, 'id' | 'url' | 'markdownPath' | 'markdownUrl'>): CatalogRecord {
  const markdownPath = markdownTwin(fields.path);
  return {
    ...fields,
    id: recordId(fields.type, fields.locale, fields.slug),
    url: absoluteUrl(fields.path),
    markdownPath,
    markdownUrl: absoluteUrl(markdownPath),
  };
}

/** Drafts are left out of every build; the dev server keeps them so an editor can preview one everywhere. */
const published = (entry: { data: { draft: boolean } }) => import.meta.env?.DEV || !entry.data.draft;
const draftMark = (entry: { data: { draft: boolean } }) => (entry.data.draft ? { draft: true as const } : {});

export async function buildCatalog(): Promise<Catalog> {
  // Loaded here, not at the top: every module may import the catalog (tools, /ask) and still load where
  // Astro's virtual modules do not exist (unit tests of the tool registry, the bench).
  const { getCollection } = await import('astro:content');
  const records: CatalogRecord[] = [];

  const articles = (await getCollection('articles')).filter(published);
  for (const entry of articles) {
    const { locale, slug } = splitEntryId(entry.id, 'articles');
    records.push(
      record({
        type: 'article', locale, slug, key: entry.data.translationKey,
        title: entry.data.title, summary: entry.data.description,
        path: paths.article(locale, slug), body: resolveBodyImages(entry.body ?? '', 'articles', entry.id, getSettings().SITE_URL), tags: entry.data.tags, searchTerms: entry.data.searchTerms,
        published: entry.data.published, updated: entry.data.updated, prices: [], ...draftMark(entry),
        author: entry.data.author,
        ...(entry.data.cover ? { cover: { url: absoluteUrl(entry.data.cover.src.src), alt: entry.data.cover.alt, width: entry.data.cover.src.width, height: entry.data.cover.src.height } } : {}),
      }),
    );
  }

  const services: Catalog['services'] = { pl: [], en: [] };
  for (const entry of (await getCollection('services')).filter(published).sort((a, b) => a.data.order - b.data.order)) {
    const { locale, slug } = splitEntryId(entry.id, 'services');
    const path = paths.service(locale, slug);
    services[locale].push({ ...entry.data, slug, path, url: absoluteUrl(path) });
    records.push(
      record({
        type: 'service', locale, slug, key: entry.data.translationKey,
        title: entry.data.title, summary: entry.data.description, path, body: entry.body ?? '',
        tags: entry.data.tags, searchTerms: entry.data.searchTerms, prices: [], ...draftMark(entry),
      }),
    );
  }

  const caseStudies: NonNullable<Catalog['caseStudies']> = { pl: [], en: [] };
  for (const entry of (await getCollection('caseStudies')).filter(published)) {
    const { locale, slug } = splitEntryId(entry.id, 'case-studies');
    const path = paths.caseStudy(locale, slug);
    const { draft: _draft, images, services: serviceKeys, ...fields } = entry.data;
    const used = serviceKeys.map((key) => {
      const service = services[locale].find((item) => item.translationKey === key);
      if (!service) throw new Error(`content/case-studies/${entry.id}: services names "${key}", which is no published ${locale} service's translationKey`);
      return { key, slug: service.slug, title: service.title, path: service.path, url: service.url };
    });
    caseStudies[locale].push({
      ...fields, slug, path, url: absoluteUrl(path), services: used,
      images: images.map((image) => ({ url: absoluteUrl(image.src.src), alt: image.alt, width: image.src.width, height: image.src.height })),
    });
    records.push(
      record({
        type: 'case_study', locale, slug, key: entry.data.translationKey,
        title: entry.data.title, summary: entry.data.description, path,
        body: resolveBodyImages(entry.body ?? '', 'case-studies', entry.id, getSettings().SITE_URL),
        tags: [], searchTerms: entry.data.searchTerms, published: entry.data.published, prices: [],
      }),
    );
  }
  for (const locale of ['pl', 'en'] as const) {
    caseStudies[locale].sort((a, b) => b.published.getTime() - a.published.getTime() || a.slug.localeCompare(b.slug));
  }

  const pricing = {} as Catalog['pricing'];
  for (const entry of await getCollection('pricing')) {
    const { locale, slug } = splitEntryId(entry.id, 'pricing');
    pricing[locale] = entry.data;
    const prices: Price[] = entry.data.sections.flatMap((section) =>
      section.items.map((item) => ({
        id: item.id, section: section.id, name: item.name, summary: item.summary,
        net: item.priceNet, gross: grossOf(item.priceNet, entry.data.vatRate), vatRate: entry.data.vatRate,
        currency: 'PLN' as const, billing: item.billing, from: item.from, features: item.features, service: item.service,
      })),
    );
    records.push(
      record({
        type: 'pricing', locale, slug, key: entry.data.translationKey,
        title: entry.data.title, summary: entry.data.description, path: paths.pricing(locale),
        body: entry.body ?? '', tags: [], searchTerms: entry.data.searchTerms, prices,
      }),
    );
  }

  for (const entry of await getCollection('pages')) {
    const { locale, slug } = splitEntryId(entry.id, 'pages');
    records.push(
      record({
        type: 'page', locale, slug, key: entry.data.translationKey,
        title: entry.data.title, summary: entry.data.description, path: paths.page(locale, slug),
        body: entry.body ?? '', tags: [], searchTerms: entry.data.searchTerms, prices: [],
      }),
    );
  }

  const site = {} as Catalog['site'];
  for (const entry of await getCollection('site')) site[entry.data.locale] = { ...entry.data, body: entry.body ?? '' };

  for (const locale of ['pl', 'en'] as const) {
    if (!site[locale]) throw new Error(`content/site/${locale}.md is missing`);
    if (!pricing[locale]) throw new Error(`content/pricing/${locale}/ has no pricing file`);
    // A service's price is the pricing file's figure (its priceItem); the content check refuses an unknown id.
    for (const service of services[locale]) service.priceFromNet = priceOfItem(pricing[locale], service.priceItem);
  }

  const questions = (await getCollection('questions')).map((entry) => entry.data);

  records.sort((a, b) => (b.published?.getTime() ?? 0) - (a.published?.getTime() ?? 0) || a.id.localeCompare(b.id));
  return { records, site, pricing, services, caseStudies, questions, byId: new Map(records.map((item) => [item.id, item])) };
}

let catalogPromise: Promise<Catalog> | undefined;

/**
 * The catalog of this process, built on first use. The dev server builds it anew on every use (from
 * Astro's cached collections), so an editor's change shows at once in pages, documents and /ask.
 */
export function getCatalog(): Promise<Catalog> {
  if (import.meta.env?.DEV) return buildCatalog();
  catalogPromise ??= buildCatalog();
  return catalogPromise;
}
export * from './site-routes';
