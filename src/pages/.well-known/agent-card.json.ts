/** The A2A agent card (v0.3 `url`/`protocolVersion` and v1.0 `supportedInterfaces`) of the A2A endpoint /a2a: src/server/a2a/card.ts. */
import { getCatalog } from '../../server/catalog';
import { agentCardDocument } from '../../server/a2a/card';
import { constantDocument } from '../../server/http/document';
import { endpoint } from '../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(async () => agentCardDocument(await getCatalog())) });
