import type { APIRoute } from 'astro';
import { getCatalog } from '../server/catalog';
import { llmsTxt } from '../server/documents/llms';
import { getSettings } from '../server/settings';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(llmsTxt(await getCatalog(), getSettings().SITE_URL), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
