import type { APIRoute } from 'astro';
import { getCatalog } from '../../server/catalog';
import { agentInstructions, agentInstructionsMarkdown } from '../../server/documents/agent-instructions';
import { agentInstructionsInput } from '../../server/documents/agent-instructions-input';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(agentInstructionsMarkdown(agentInstructions(await getCatalog(), agentInstructionsInput())), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
