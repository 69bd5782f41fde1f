/** The settings the agent instructions quote, read at build (the documents are prerendered). */
import { getSettings } from '../settings';
import { toolDescriptors } from '../tools/registry';
import type { AgentInstructionsInput } from './agent-instructions';

export function agentInstructionsInput(): AgentInstructionsInput {
  const settings = getSettings();
  return {
    siteUrl: settings.SITE_URL,
    bookingUrl: settings.BOOKING_URL,
    oauthEnforcement: settings.OAUTH_ENFORCEMENT,
    rateLimits: {
      subscribe: settings.RATE_LIMIT_SUBSCRIBE, unsubscribe: settings.RATE_LIMIT_UNSUBSCRIBE, contact: settings.RATE_LIMIT_CONTACT,
      mcp: settings.RATE_LIMIT_MCP, ask: settings.RATE_LIMIT_ASK, slots: settings.RATE_LIMIT_SLOTS,
    },
    tools: toolDescriptors().map((tool) => ({
      name: tool.name,
      kind: tool.annotations.readOnlyHint ? 'read' : 'write',
      purpose: tool.title,
    })),
  };
}
