/** The A2A agent card at its v0.2 location (same document as /.well-known/agent-card.json; src/server/a2a/card.ts). */
import { getCatalog } from '../../server/catalog';
import { agentCardDocument } from '../../server/a2a/card';
import { constantDocument } from '../../server/http/document';
import { endpoint } from '../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(async () => agentCardDocument(await getCatalog())) });
