/** RSS feeds, one per language: articles newest first (pure; the routes hand the feed to @astrojs/rss). */
import { type Locale } from '../i18n';
import { paths } from '../urls';
import { articlesOf, type Catalog } from '../catalog/records';

export interface RssItem {
  title: string;
  link: string;
  description: string;
  pubDate: Date;
  categories: string[];
}

export function rssItems(catalog: Catalog, locale: Locale): RssItem[] {
  return articlesOf(catalog, locale).map((item) => ({
    title: item.title,
    link: item.url,
    description: item.summary,
    pubDate: item.published ?? new Date(0),
    categories: item.tags,
  }));
}

/** The options of one language's feed for `@astrojs/rss`. */
export function rssFeed(catalog: Catalog, locale: Locale, siteUrl: string) {
  const company = catalog.site[locale];
  return {
    title: company.name,
    description: company.description,
    site: `${siteUrl}${paths.home(locale)}`,
    items: rssItems(catalog, locale),
    customData: `<language>${locale}</language>`,
  };
}
