import type { APIRoute } from 'astro';
import { getCatalog } from '../server/catalog';
import { pricingMarkdown } from '../server/documents/markdown';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(pricingMarkdown(await getCatalog()), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
