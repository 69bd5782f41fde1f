/**
 * What the site needs to know about one kind of content (articles, services, case studies…): the
 * shape of one registry entry. Every consumer (the collections, the catalog, the pages, llms.txt,
 * /ask, the relevance scripts) reads the entries instead of naming the kinds itself; a kind with
 * logic of its own keeps it here as a small hook. The list is `contentTypes` in ./index.ts.
 */
import type { ImageMetadata } from 'astro';
import type { z } from 'zod';
import type { Locale } from '../../base/i18n';
import type { AskCatalog, AskDocument } from '../../ask/documents';
import type { Catalog, CatalogRecord, RecordType } from '../records';

/**
 * A picture field as the catalog reads it: Astro's `image()` gives the optimised file's metadata;
 * outside a build (the relevance scripts) a stand-in with the path as written and no size.
 */
export type Picture = ImageMetadata;

/** One content file: `id` is `<locale>/<slug>`, `data` its parsed front matter, `body` the Markdown as written. */
export interface ContentEntry<Data = Record<string, unknown>> { id: string; data: Data; body?: string }

/** A record's own fields; the catalog derives its id, URL and twin from them. */
export type RecordFields = Omit<CatalogRecord, 'id' | 'url' | 'markdownPath' | 'markdownUrl'>;

/** The catalog while it is being filled, in registry order (a kind may read the kinds before it). */
export type CatalogDraft = Pick<Catalog, 'records' | 'services' | 'caseStudies' | 'pricing'>;

/** What a kind's `load` hook may use. */
export interface LoadContext {
  catalog: CatalogDraft;
  /** SITE_URL + a site-relative path. */
  absoluteUrl(path: string): string;
  /**
   * The fields every record takes from its entry: locale, slug, translation key, title, summary, path,
   * search terms, and the body, its pictures pointed at the files the build emitted.
   */
  baseFields(entry: ContentEntry<BaseData>): RecordFields;
  /** Adds a record to the catalog. */
  add(fields: RecordFields): void;
}

/** The front-matter fields every kind shares (src/server/schemas/content.ts `pageFields`). */
export interface BaseData {
  title: string;
  description: string;
  translationKey: string;
  searchTerms?: string[];
  draft?: boolean;
}

export interface ContentType<Data extends BaseData = BaseData, Collection extends string = string> {
  /** The record type: part of every record's id (`case_study:pl:slug`) and /ask's result type. */
  type: RecordType;
  /** The collection's name in src/content.config.ts (`caseStudies`). */
  collection: Collection;
  /** Its folder: content/<folder>/<locale>/<slug>.md(x). */
  folder: string;
  /** The front-matter schema; `image` checks a picture file beside the entry (Astro's `image()` in a build). */
  schema(image: z.ZodType<Picture>): z.ZodType<Data>;
  /** The page of one entry (src/server/base/urls.ts). */
  path(locale: Locale, slug: string): string;
  /** Whether an entry may be a draft (`draft: true`): left out of builds, shown by the dev server. */
  drafts: boolean;
  /** Each record has a page of its own at `path` (the catch-all page route renders it by kind). */
  detailPages: boolean;
  /**
   * Front-matter fields that list entries of another kind by their translationKey (a case study's
   * `services`): the content check refuses a key that no published entry of that kind in the same
   * language has, before the build gets to `load`.
   */
  references?: Record<string, RecordType>;
  /** Sorts the entries before they become records (the order of `catalog.services`, say). */
  order?(a: ContentEntry<Data>, b: ContentEntry<Data>): number;
  /**
   * Turns the published entries into records (`context.add`) and any structured data the kind keeps
   * in the catalog. Unset: one record per entry with the fields every kind shares.
   */
  load?(entries: ContentEntry<Data>[], context: LoadContext): void;
  /** Checks and completions once every kind is loaded (a service's price from the pricing file). */
  finish?(catalog: Catalog): void;
  /** Its section of /llms.txt, and its place in /llms-full.txt (lower first, per language); unset, in neither. */
  llms?: {
    section: string;
    fullTextRank: number;
    /** A line that heads the section, before the records (a site-relative path). */
    lead?: { title: string; path: string; note: string };
  };
  /**
   * /ask: `text` adds what the page shows beyond the body (a service's deliverables) to the record's
   * document; `documents` replaces the one document with several (the pricing page and its sections).
   * `false`: the kind is not searchable.
   */
  ask: false | {
    text?(record: CatalogRecord, catalog: AskCatalog): string;
    documents?(record: CatalogRecord, catalog: AskCatalog): AskDocument[];
  };
}

/** Types an entry against its schema (the hooks see the front matter's fields; the page templates, through the collection, too). */
export function defineContentType<Data extends BaseData, const Collection extends string>(entry: ContentType<Data, Collection>): ContentType<Data, Collection> {
  return entry;
}
