import { getCatalog } from '../../server/catalog';
import { agentInstructions } from '../../server/documents/agent-instructions';
import { agentInstructionsInput } from '../../server/documents/agent-instructions-input';
import { constantDocument } from '../../server/http/document';

// On demand: the document quotes run-time settings (OAUTH_ENFORCEMENT, rate limits) that must match this deployment.
export const prerender = false;

export const GET = constantDocument(async () => `${JSON.stringify(agentInstructions(await getCatalog(), agentInstructionsInput()), null, 2)}\n`);
