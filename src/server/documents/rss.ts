/** RSS items of one language's articles, newest first (pure; the route hands them to @astrojs/rss). */
import type { Locale } from '../i18n';
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
