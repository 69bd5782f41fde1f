/**
 * The catalog from the entries of the collections, kind by kind as the registry says
 * (./content-types/). Pure: no Astro, no settings, so the build (./index.ts, from Astro's
 * collections) and the scripts (./from-files.ts, from content/ as written) make the same records.
 */
import { isLocale, type Locale } from '../base/i18n';
import type { ExampleQuestion } from '../schemas/content';
import { markdownTwin } from '../base/urls';
import { contentTypes, type AnyContentType, type BaseData, type ContentEntry, type LoadContext, type RecordFields } from './content-types';
import { recordId, type Catalog, type CatalogRecord, type SiteFacts } from './records';
import { infographicsAsMarkdown } from './body-infographics';

/** Where the entries come from. */
export interface CatalogSource {
  /** Every entry of a registry collection (`caseStudies`), drafts included. */
  entries(collection: string): Promise<Array<ContentEntry<BaseData>>>;
  /** The company facts of both languages (content/site/<locale>.md). */
  site(): Promise<Array<ContentEntry<Omit<SiteFacts, 'body'>>>>;
  /** The example questions /ask indexes with their pages (content/questions/). */
  questions(): Promise<ExampleQuestion[]>;
}

export interface CatalogOptions {
  /** SITE_URL: every record's absolute URLs start with it. */
  siteUrl: string;
  /** Keep drafts (the dev server's preview, marked `draft`); a build leaves them out. */
  drafts: boolean;
  /** Points the pictures of a body at the files the build emitted (`folder`: content/<folder>/); unset, the body as written (its HTML infographics as Markdown either way). */
  resolveBody?(body: string, folder: string, id: string): string;
  /** The registry (a test passes its own kinds). */
  types?: readonly AnyContentType[];
}

/** Splits `pl/some-slug` into its locale and slug, refusing files outside a locale folder. */
export function splitEntryId(id: string, folder: string): { locale: Locale; slug: string } {
  const [locale, ...rest] = id.split('/');
  if (!isLocale(locale) || rest.length === 0) {
    throw new Error(`content/${folder}/${id}: entries must live in a pl/ or en/ folder`);
  }
  return { locale, slug: rest.join('/') };
}

export async function assembleCatalog(source: CatalogSource, options: CatalogOptions): Promise<Catalog> {
  const absoluteUrl = (path: string) => `${options.siteUrl}${path}`;
  const records: CatalogRecord[] = [];
  const parts: LoadContext['catalog'] = { records, services: { pl: [], en: [] }, caseStudies: { pl: [], en: [] }, pricing: {} as Catalog['pricing'] };

  for (const type of options.types ?? contentTypes) {
    const bodyOf = (entry: ContentEntry<unknown>) => {
      const body = infographicsAsMarkdown(entry.body ?? '');
      return options.resolveBody?.(body, type.folder, entry.id) ?? body;
    };
    const context: LoadContext = {
      catalog: parts,
      absoluteUrl,
      baseFields(entry: ContentEntry<BaseData>): RecordFields {
        const { locale, slug } = splitEntryId(entry.id, type.folder);
        return {
          type: type.type, locale, slug, key: entry.data.translationKey,
          title: entry.data.title, summary: entry.data.description, path: type.path(locale, slug),
          body: bodyOf(entry), tags: [], searchTerms: entry.data.searchTerms, prices: [],
          ...(entry.data.draft ? { draft: true as const } : {}),
        };
      },
      add(fields) {
        const markdownPath = markdownTwin(fields.path);
        records.push({ ...fields, id: recordId(fields.type, fields.locale, fields.slug), url: absoluteUrl(fields.path), markdownPath, markdownUrl: absoluteUrl(markdownPath) });
      },
    };
    let entries = await source.entries(type.collection);
    if (type.drafts && !options.drafts) entries = entries.filter((entry) => !entry.data.draft);
    if (type.order) entries = [...entries].sort(type.order);
    if (type.load) type.load(entries, context);
    else for (const entry of entries) context.add(context.baseFields(entry));
  }

  const site = {} as Catalog['site'];
  for (const entry of await source.site()) site[entry.data.locale] = { ...entry.data, body: entry.body ?? '' };
  for (const locale of ['pl', 'en'] as const) if (!site[locale]) throw new Error(`content/site/${locale}.md is missing`);

  records.sort((a, b) => (b.published?.getTime() ?? 0) - (a.published?.getTime() ?? 0) || a.id.localeCompare(b.id));
  const catalog: Catalog = { ...parts, site, questions: await source.questions(), byId: new Map(records.map((item) => [item.id, item])) };
  for (const type of options.types ?? contentTypes) type.finish?.(catalog);
  return catalog;
}
