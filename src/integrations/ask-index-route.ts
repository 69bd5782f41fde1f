/**
 * The /ask index of the built site (src/server/ask/index-artefact.ts), rendered once by the build from
 * the same catalog the server reads; server-files.ts moves it out of the public files into dist/server/.
 */
import type { APIRoute } from 'astro';
import { askIndexArtefact } from '../server/ask';

export const prerender = true;

export const GET: APIRoute = async () => new Response(await askIndexArtefact(), { headers: { 'content-type': 'application/octet-stream' } });
