/**
 * The catalog: content turned into typed records that pages, agent documents, /ask, MCP tools and
 * the chat all read. Built once per process (or per build) from the content collections.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { getSettings } from '../settings';
import { isLocale, markdownTwin, paths, type Locale } from '../i18n';

export type RecordType = 'article' | 'service' | 'pricing' | 'page';

export interface Price {
  id: string;
  section: string;
  name: string;
  summary: string;
  net: number;
  gross: number;
  vatRate: number;
  currency: 'PLN';
  billing: 'one_time' | 'monthly' | 'hourly';
  from: boolean;
  features: string[];
  service?: string;
}

export interface CatalogRecord {
  /** `${type}:${locale}:${slug}`: stable and unique. */
  id: string;
  type: RecordType;
  locale: Locale;
  slug: string;
  /** Links the record to its translation. */
  key: string;
  title: string;
  summary: string;
  /** Site-relative page path and its absolute URL (from SITE_URL). */
  path: string;
  url: string;
  /** Site-relative and absolute URL of the Markdown twin. */
  markdownPath: string;
  markdownUrl: string;
  /** The Markdown body as written (no front matter). */
  body: string;
  tags: string[];
  published?: Date;
  updated?: Date;
  /** Pricing items (pricing records) or the service's starting price. */
  prices: Price[];
}

export interface Catalog {
  records: CatalogRecord[];
  site: Record<Locale, CollectionEntry<'site'>['data'] & { body: string }>;
  pricing: Record<Locale, CollectionEntry<'pricing'>['data']>;
  services: Record<Locale, Array<CollectionEntry<'services'>['data'] & { slug: string; path: string; url: string }>>;
  byId: Map<string, CatalogRecord>;
}

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
    id: `${fields.type}:${fields.locale}:${fields.slug}`,
    url: absoluteUrl(fields.path),
    markdownPath,
    markdownUrl: absoluteUrl(markdownPath),
  };
}

export function grossOf(net: number, vatRate: number): number {
  return Math.round(net * (1 + vatRate) * 100) / 100;
}

export async function buildCatalog(): Promise<Catalog> {
  const records: CatalogRecord[] = [];

  const articles = (await getCollection('articles')).filter((entry) => !entry.data.draft);
  for (const entry of articles) {
    const { locale, slug } = splitEntryId(entry.id, 'articles');
    records.push(
      record({
        type: 'article', locale, slug, key: entry.data.translationKey,
        title: entry.data.title, summary: entry.data.description,
        path: paths.article(locale, slug), body: entry.body ?? '', tags: entry.data.tags,
        published: entry.data.published, updated: entry.data.updated, prices: [],
      }),
    );
  }

  const services: Catalog['services'] = { pl: [], en: [] };
  for (const entry of (await getCollection('services')).sort((a, b) => a.data.order - b.data.order)) {
    const { locale, slug } = splitEntryId(entry.id, 'services');
    const path = paths.service(locale, slug);
    services[locale].push({ ...entry.data, slug, path, url: absoluteUrl(path) });
    records.push(
      record({
        type: 'service', locale, slug, key: entry.data.translationKey,
        title: entry.data.title, summary: entry.data.description, path, body: entry.body ?? '',
        tags: entry.data.tags, prices: [],
      }),
    );
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
        body: entry.body ?? '', tags: [], prices,
      }),
    );
  }

  for (const entry of await getCollection('pages')) {
    const { locale, slug } = splitEntryId(entry.id, 'pages');
    records.push(
      record({
        type: 'page', locale, slug, key: entry.data.translationKey,
        title: entry.data.title, summary: entry.data.description, path: paths.page(locale, slug),
        body: entry.body ?? '', tags: [], prices: [],
      }),
    );
  }

  const site = {} as Catalog['site'];
  for (const entry of await getCollection('site')) site[entry.data.locale] = { ...entry.data, body: entry.body ?? '' };

  for (const locale of ['pl', 'en'] as const) {
    if (!site[locale]) throw new Error(`content/site/${locale}.md is missing`);
    if (!pricing[locale]) throw new Error(`content/pricing/${locale}/ has no pricing file`);
  }

  records.sort((a, b) => (b.published?.getTime() ?? 0) - (a.published?.getTime() ?? 0) || a.id.localeCompare(b.id));
  return { records, site, pricing, services, byId: new Map(records.map((item) => [item.id, item])) };
}

let catalogPromise: Promise<Catalog> | undefined;

/** The catalog of this process, built on first use. */
export function getCatalog(): Promise<Catalog> {
  catalogPromise ??= buildCatalog();
  return catalogPromise;
}

/** Records of one type and locale, newest first for articles. */
export function recordsOf(catalog: Catalog, type: RecordType, locale: Locale): CatalogRecord[] {
  return catalog.records.filter((item) => item.type === type && item.locale === locale);
}

/** The same content in the other locale, if it exists. */
export function translationOf(catalog: Catalog, item: CatalogRecord, locale: Locale): CatalogRecord | undefined {
  return catalog.records.find((other) => other.type === item.type && other.locale === locale && other.key === item.key);
}
