/**
 * The catalog's types and pure helpers. No `astro:content` import here, so unit tests, generators and
 * other consumers can build and read catalogs by hand; `./index.ts` fills them from the collections.
 */
import type { z } from 'zod';
import { otherLocale, type Locale } from '../base/i18n';
import { paths } from '../base/urls';
import type { AskResultType } from '../schemas/ask';
import type { Billing as BillingSchema, CaseStudyFrontmatter, ExampleQuestion, PriceItem, PricingFrontmatter, ServiceFrontmatter, SiteFrontmatter } from '../schemas/content';

/** The kinds of content (src/server/catalog/content-types/): every /ask result type but the two flows. */
export type RecordType = Exclude<AskResultType, 'contact' | 'consultation'>;
export type Billing = z.output<typeof BillingSchema>;

export interface Price {
  id: string;
  section: string;
  name: string;
  summary: string;
  net: number;
  gross: number;
  vatRate: number;
  currency: 'PLN';
  billing: Billing;
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
  /** Front-matter `searchTerms`: words people search with that the text does not use (/ask). */
  searchTerms?: string[];
  published?: Date;
  updated?: Date;
  /** An article's author (front matter `author`). */
  author?: string;
  /** An article's cover: its absolute URL (the optimised file of the build), size and description. */
  cover?: { url: string; alt: string; width: number; height: number };
  /** True for a draft, which only the dev server's catalog holds (a preview). */
  draft?: true;
  /** Pricing items (pricing records) or the service's starting price. */
  prices: Price[];
}

/** Company facts of one locale (content/site/<locale>.md): its front matter and body. */
export type SiteFacts = z.output<typeof SiteFrontmatter> & { body: string };

export type PricingItemData = z.output<typeof PriceItem>;

/** The pricing file of one locale (content/pricing/<locale>/*.md front matter). */
export type PricingData = z.output<typeof PricingFrontmatter>;

/**
 * A service's structured fields (content/services front matter) with its page path and URL; published
 * services only (drafts never reach the catalog, so `draft` is not part of it).
 */
export type ServiceData = Omit<z.output<typeof ServiceFrontmatter>, 'draft'> & {
  slug: string;
  path: string;
  url: string;
  /** The net price of the service's `priceItem`, read from the pricing file of its language. */
  priceFromNet?: number;
};

/** The net price of a pricing item named by id (a service's `priceItem`), if the file has it. */
export function priceOfItem(pricing: PricingData, id: string | undefined): number | undefined {
  if (!id) return undefined;
  return pricing.sections.flatMap((section) => section.items).find((item) => item.id === id)?.priceNet;
}

/** A picture of a case study as the built site serves it: absolute URL, size and alt text. */
export interface CaseStudyImage { url: string; alt: string; width: number; height: number }

/**
 * A case study's structured fields (content/case-studies front matter) with its page path and URL,
 * its pictures as served, and its services resolved to theirs in the same locale (published only).
 */
export type CaseStudyData = Omit<z.output<typeof CaseStudyFrontmatter>, 'draft' | 'images' | 'services'> & {
  slug: string; path: string; url: string; images: CaseStudyImage[];
  services: Array<{ key: string; slug: string; title: string; path: string; url: string }>;
};

export interface Catalog {
  records: CatalogRecord[];
  /** Published case studies per locale, newest first. */
  caseStudies?: Record<Locale, CaseStudyData[]>;
  site: Record<Locale, SiteFacts>;
  pricing: Record<Locale, PricingData>;
  services: Record<Locale, ServiceData[]>;
  /** The example questions /ask indexes with their pages (content/questions/). */
  questions: ExampleQuestion[];
  byId: Map<string, CatalogRecord>;
}

export function grossOf(net: number, vatRate: number): number {
  return Math.round(net * (1 + vatRate) * 100) / 100;
}

/** A record's id, stable and unique (also the id of its /ask result). */
export function recordId(type: RecordType, locale: Locale, slug: string): string {
  return `${type}:${locale}:${slug}`;
}

/** Records of one type and locale, in catalog order (articles newest first). */
export function recordsOf(catalog: Catalog, type: RecordType, locale: Locale): CatalogRecord[] {
  return catalog.records.filter((item) => item.type === type && item.locale === locale);
}

/** The same content in the other locale, if it exists. */
export function translationOf(catalog: Catalog, item: CatalogRecord, locale: Locale): CatalogRecord | undefined {
  return catalog.records.find((other) => other.type === item.type && other.locale === locale && other.key === item.key);
}

/** Path of the same page in the other language: the translation when there is one, else that language's home. */
export function alternatePathOf(catalog: Catalog, item: CatalogRecord): string {
  const other = otherLocale(item.locale);
  return translationOf(catalog, item, other)?.path ?? paths.home(other);
}

/** The articles of a locale, newest first. */
export function articlesOf(catalog: Catalog, locale: Locale): CatalogRecord[] {
  return recordsOf(catalog, 'article', locale).sort(
    (a, b) => (b.published?.getTime() ?? 0) - (a.published?.getTime() ?? 0) || a.slug.localeCompare(b.slug),
  );
}

/** Every tag used by a locale's articles with its article count, alphabetical. */
export function tagsOf(catalog: Catalog, locale: Locale): Array<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const article of recordsOf(catalog, 'article', locale)) {
    for (const tag of article.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => a.tag.localeCompare(b.tag));
}

export const articlesPerPage = 6;

/** Splits a list into pages of `size` (at least one page, even when empty). */
export function paginate<T>(items: T[], size = articlesPerPage): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages.length ? pages : [[]];
}

/** Minutes to read a Markdown body at ~200 words a minute (at least 1). */
export function readingMinutes(body: string): number {
  const words = body.replace(/```[\s\S]*?```/g, ' ').split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / 200));
}

/** The case studies of a locale that used a service (by its translationKey), newest first. */
export function caseStudiesOfService(catalog: Catalog, locale: Locale, serviceKey: string): CaseStudyData[] {
  return (catalog.caseStudies?.[locale] ?? []).filter((item) => item.services.some((service) => service.key === serviceKey));
}

/** A record whose page is rendered at `path`, with the record itself (pages with Markdown twins). */
export function recordByPath(catalog: Catalog, path: string): CatalogRecord | undefined {
  return catalog.records.find((item) => item.path === path);
}
