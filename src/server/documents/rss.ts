/** RSS feeds, one per language: articles newest first (pure; the routes hand the feed to @astrojs/rss). */
import { type Locale } from '../base/i18n';
import { paths } from '../base/urls';
import { articlesOf, type Catalog } from '../catalog/records';

export interface RssItem {
  title: string;
  link: string;
  description: string;
  pubDate: Date;
  categories: string[];
  /** The author (dc:creator) and the cover (media:content), when the article has them. */
  customData?: string;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function rssItems(catalog: Catalog, locale: Locale): RssItem[] {
  return articlesOf(catalog, locale).map((item) => ({
    title: item.title,
    link: item.url,
    description: item.summary,
    pubDate: item.published ?? new Date(0),
    categories: item.tags,
    ...(item.author || item.cover
      ? {
          customData: [
            item.author && `<dc:creator>${escapeXml(item.author)}</dc:creator>`,
            item.cover && `<media:content url="${escapeXml(item.cover.url)}" medium="image" width="${item.cover.width}" height="${item.cover.height}"><media:description>${escapeXml(item.cover.alt)}</media:description></media:content>`,
          ].filter(Boolean).join(''),
        }
      : {}),
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
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/', media: 'http://search.yahoo.com/mrss/' },
  };
}
