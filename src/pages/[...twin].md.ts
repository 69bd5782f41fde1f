/**
 * The Markdown twin of every page: the page's URL with `.md` (the Polish home is /index.md).
 * Articles, services, pricing and content pages come from their records; the home pages, the
 * indexes, contact and consultation from src/server/documents/page-twins.ts.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalog } from '../server/catalog';
import { markdownTwinOf } from '../server/documents/markdown';
import { pageTwins } from '../server/documents/page-twins';

export const prerender = true;

export const getStaticPaths = (async () => {
  const catalog = await getCatalog();
  const param = (path: string) => path.replace(/^\/|\.md$/g, '');
  return [
    ...catalog.records.map((record) => ({ params: { twin: param(record.markdownPath) }, props: { markdown: markdownTwinOf(catalog, record) } })),
    ...[...pageTwins(catalog)].map(([path, markdown]) => ({ params: { twin: param(path) }, props: { markdown } })),
  ];
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.markdown as string, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
