/** The A2A agent card of the A2A endpoint /a2a, per the A2A-Version asked for (v1.0, or v0.3 by default): src/server/a2a/card.ts. */
import { agentCardHandler } from '../../server/a2a/http';
import { endpoint } from '../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: agentCardHandler });
