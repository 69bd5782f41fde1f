/** The social share image (og:image) of every prerendered page, generated at build. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalog, siteRoutes } from '../../server/catalog';
import { locales } from '../../server/base/i18n';
import { ogImagePath, paths } from '../../server/base/urls';
import { ogImagePng, type OgCard } from '../../server/og/render';
import { kindLabel, routeMeta } from '../../server/catalog/page-meta';

export const prerender = true;

export const getStaticPaths = (async () => {
  const catalog = await getCatalog();
  const host = new URL(import.meta.env.SITE ?? 'http://localhost:4321').host;
  const cards: Array<{ path: string; card: OgCard }> = [
    ...locales.map((locale) => ({ path: paths.home(locale), card: { title: catalog.site[locale].tagline, kind: kindLabel(locale, 'home'), site: catalog.site[locale].name, host } })),
    ...siteRoutes(catalog).map((route) => ({
      path: route.path,
      card: { title: routeMeta(catalog, route).title, kind: kindLabel(route.locale, route.kind), site: catalog.site[route.locale].name, host },
    })),
  ];
  return cards.map(({ path, card }) => ({ params: { image: ogImagePath(path).replace(/^\/og\/|\.png$/g, '') }, props: { card } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(await ogImagePng(props.card as OgCard), { headers: { 'Content-Type': 'image/png' } });
