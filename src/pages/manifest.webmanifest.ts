/** The web app manifest: name, colours and the icon set. */
import type { APIRoute } from 'astro';
import { getCatalog } from '../server/catalog';
import { brand } from '../server/og/brand';

export const prerender = true;
export const GET: APIRoute = async () => {
  const company = (await getCatalog()).site.pl;
  const manifest = {
    name: company.name, short_name: company.name, lang: 'pl', start_url: '/', display: 'browser',
    background_color: brand.paper, theme_color: brand.paper,
    icons: [
      { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
      { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
      { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
      { src: '/apple-touch-icon.png', type: 'image/png', sizes: '180x180', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'Content-Type': 'application/manifest+json' } });
};
