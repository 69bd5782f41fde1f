/**
 * GET /a2a: a short JSON saying what this endpoint is and where its card is (for readers following a link).
 * POST /a2a: the A2A agent (JSON-RPC; protocol 1.0, and 0.3 when A2A-Version says so or is absent):
 * message/send and message/stream answer a question with /ask's ranked resources. Card:
 * /.well-known/agent-card.json. OPTIONS, CORS and the rate limit (the ask family) are the middleware's.
 */
import { a2aEndpointDocument } from '../server/a2a/card';
import { handleA2a } from '../server/a2a/http';
import { getCatalog } from '../server/catalog';
import { constantDocument } from '../server/http/document';
import { endpoint } from '../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({
  GET: constantDocument(async () => a2aEndpointDocument(await getCatalog())),
  POST: ({ request, locals }) => handleA2a(request, locals.caller),
});
