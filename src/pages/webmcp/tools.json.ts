import type { APIRoute } from 'astro';
import { webMcpDocument } from '../../server/documents/webmcp';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(webMcpDocument()), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
