/** The A2A agent card (v0.3 `url`/`protocolVersion` and v1.0 `supportedInterfaces`); skills are the MCP tools. */
import type { APIRoute } from 'astro';
import { getCatalog } from '../../server/catalog';
import { agentCard } from '../../server/mcp/discovery';
import { jsonDocument } from '../../server/mcp/http';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => jsonDocument(request, agentCard(await getCatalog()));
