/**
 * Every prerendered HTML page besides the two home pages, with its kind, props and the path of the
 * same page in the other language (where the language switch lands). Paths come only from `paths`.
 */
import { locales, otherLocale, type Locale } from '../base/i18n';
import { paths } from '../base/urls';
import { contentTypes, type AnyContentType } from './content-types';
import { articlesOf, paginate, recordsOf, tagsOf, translationOf, type Catalog, type CatalogRecord, type RecordType } from './records';

export type SiteRoute =
  | { kind: 'services' | 'pricing' | 'contact' | 'consultation'; locale: Locale; path: string; alternatePath: string; record?: CatalogRecord }
  | { kind: 'articles'; locale: Locale; path: string; alternatePath: string; page: number; pageCount: number; items: CatalogRecord[] }
  | { kind: 'tag'; locale: Locale; path: string; alternatePath: string; tag: string; items: CatalogRecord[] }
  | { kind: 'caseStudies'; locale: Locale; path: string; alternatePath: string }
  /** A record's own page: the kinds of the registry with `detailPages`. */
  | { kind: Exclude<RecordType, 'pricing'>; locale: Locale; path: string; alternatePath: string; record: CatalogRecord };

function alternateOf(catalog: Catalog, item: CatalogRecord): string {
  const other = otherLocale(item.locale);
  return translationOf(catalog, item, other)?.path ?? paths.home(other);
}

/** `types`: the registry (a test passes its own kinds). */
export function siteRoutes(catalog: Catalog, types: readonly AnyContentType[] = contentTypes): SiteRoute[] {
  const routes: SiteRoute[] = [];
  for (const locale of locales) {
    const other = otherLocale(locale);
    routes.push({ kind: 'services', locale, path: paths.services(locale), alternatePath: paths.services(other) });
    routes.push({ kind: 'contact', locale, path: paths.contact(locale), alternatePath: paths.contact(other) });
    routes.push({ kind: 'consultation', locale, path: paths.consultation(locale), alternatePath: paths.consultation(other) });
    const pricing = recordsOf(catalog, 'pricing', locale)[0];
    routes.push({ kind: 'pricing', locale, path: paths.pricing(locale), alternatePath: paths.pricing(other), record: pricing });

    const articles = articlesOf(catalog, locale);
    const pages = paginate(articles);
    const otherPageCount = paginate(articlesOf(catalog, other)).length;
    pages.forEach((items, index) => {
      const page = index + 1;
      routes.push({
        kind: 'articles', locale, page, pageCount: pages.length, items, path: paths.articles(locale, page),
        alternatePath: paths.articles(other, page <= otherPageCount ? page : 1),
      });
    });
    const otherTags = new Set(tagsOf(catalog, other).map((entry) => entry.tag));
    for (const { tag } of tagsOf(catalog, locale)) {
      routes.push({
        kind: 'tag', locale, tag, path: paths.tag(locale, tag),
        items: articles.filter((item) => item.tags.includes(tag)),
        alternatePath: otherTags.has(tag) ? paths.tag(other, tag) : paths.articles(other),
      });
    }
    routes.push({ kind: 'caseStudies', locale, path: paths.caseStudies(locale), alternatePath: paths.caseStudies(other) });
    for (const { type } of types.filter((entry) => entry.detailPages)) {
      for (const record of recordsOf(catalog, type, locale)) {
        routes.push({ kind: type, locale, path: record.path, alternatePath: alternateOf(catalog, record), record });
      }
    }
  }
  return routes;
}

/** The `[...path]` route parameter of a path: no leading or trailing slash. */
export function routeParam(path: string): string {
  return path.replace(/^\/|\/$/g, '');
}
