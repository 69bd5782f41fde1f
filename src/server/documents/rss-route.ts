/** The RSS response of one language (shared by /rss.xml and /en/rss.xml). */
import rss from '@astrojs/rss';
import { getCatalog } from '../catalog';
import { paths, type Locale } from '../i18n';
import { getSettings } from '../settings';
import { rssItems } from './rss';

export async function rssResponse(locale: Locale): Promise<Response> {
  const catalog = await getCatalog();
  const company = catalog.site[locale];
  const site = getSettings().SITE_URL;
  return rss({
    title: company.name,
    description: company.description,
    site: `${site}${paths.home(locale)}`,
    items: rssItems(catalog, locale),
    customData: `<language>${locale}</language>`,
  });
}
