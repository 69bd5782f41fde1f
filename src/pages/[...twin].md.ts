/** The Markdown twin of every article, service, pricing and content page: the page's URL with `.md`. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalog } from '../server/catalog';
import { markdownTwinOf } from '../server/documents/markdown';

export const prerender = true;

export const getStaticPaths = (async () => {
  const catalog = await getCatalog();
  return catalog.records.map((record) => ({
    params: { twin: record.markdownPath.replace(/^\/|\.md$/g, '') },
    props: { id: record.id },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const catalog = await getCatalog();
  const record = catalog.byId.get(props.id as string)!;
  return new Response(markdownTwinOf(catalog, record), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
