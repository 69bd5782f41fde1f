import type { APIRoute } from 'astro';
import { getCatalog } from '../../server/catalog';
import { agentInstructions } from '../../server/documents/agent-instructions';
import { agentInstructionsInput } from '../../server/documents/agent-instructions-input';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(`${JSON.stringify(agentInstructions(await getCatalog(), agentInstructionsInput()), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
