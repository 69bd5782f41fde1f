/** The legacy ChatGPT plugin manifest, pointing at /openapi.json and the MCP server. */
import type { APIRoute } from 'astro';
import { getCatalog } from '../../server/catalog';
import { aiPlugin } from '../../server/mcp/discovery';
import { jsonDocument } from '../../server/mcp/http';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => jsonDocument(request, aiPlugin(await getCatalog()));
