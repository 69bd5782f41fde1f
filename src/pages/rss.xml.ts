import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getCatalog } from '../server/catalog';
import { rssFeed } from '../server/documents/rss';
import { getSettings } from '../server/base/settings';

export const prerender = true;
export const GET: APIRoute = async () => rss(rssFeed(await getCatalog(), 'pl', getSettings().SITE_URL));
