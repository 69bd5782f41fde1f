/** The A2A agent card at its v0.2 location (same document as /.well-known/agent-card.json). */
import type { APIRoute } from 'astro';
import { getCatalog } from '../../server/catalog';
import { agentCard } from '../../server/mcp/discovery';
import { jsonDocument } from '../../server/mcp/http';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => jsonDocument(request, agentCard(await getCatalog()));
