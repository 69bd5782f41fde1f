/** The web app manifest: name, colours and the icon set. */
import type { APIRoute } from 'astro';
import { getCatalog } from '../server/catalog';
import { brand } from '../server/og/brand';
import { paths, publicFiles, routePaths } from '../server/base/urls';

export const prerender = true;
export const GET: APIRoute = async () => {
  const company = (await getCatalog()).site.pl;
  const manifest = {
    name: company.name, short_name: company.name, lang: 'pl', start_url: paths.home('pl'), display: 'browser',
    background_color: brand.paper, theme_color: brand.paper,
    icons: [
      { src: publicFiles.favicon, type: 'image/svg+xml', sizes: 'any' },
      { src: routePaths.icon192, type: 'image/png', sizes: '192x192' },
      { src: routePaths.icon512, type: 'image/png', sizes: '512x512' },
      { src: routePaths.appleTouchIcon, type: 'image/png', sizes: '180x180', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'Content-Type': 'application/manifest+json' } });
};
