import { getCatalog } from '../../server/catalog';
import { agentInstructions, agentInstructionsMarkdown } from '../../server/documents/agent-instructions';
import { agentInstructionsInput } from '../../server/documents/agent-instructions-input';
import { constantDocument } from '../../server/http/document';

// On demand: the document quotes run-time settings (OAUTH_ENFORCEMENT, rate limits) that must match this deployment.
export const prerender = false;

export const GET = constantDocument(async () => agentInstructionsMarkdown(agentInstructions(await getCatalog(), agentInstructionsInput())), {
  contentType: 'text/markdown; charset=utf-8',
});
