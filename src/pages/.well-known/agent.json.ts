/** The A2A agent card at its v0.2 location (same documents as /.well-known/agent-card.json; src/server/a2a/card.ts). */
import { agentCardHandler } from '../../server/a2a/http';
import { endpoint } from '../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: agentCardHandler });
