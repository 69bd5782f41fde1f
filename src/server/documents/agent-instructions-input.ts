/** The settings the agent instructions quote, read at run time (the documents are served on demand). */
import { operations } from '../api-docs/index';
import { limitOf } from '../http/rate-limit';
import { getSettings } from '../base/settings';
import { toolDescriptors } from '../tools/registry';
import type { AgentInstructionsInput } from './agent-instructions';

export function agentInstructionsInput(): AgentInstructionsInput {
  const settings = getSettings();
  return {
    siteUrl: settings.SITE_URL,
    bookingUrl: settings.BOOKING_URL,
    oauthEnforcement: settings.OAUTH_ENFORCEMENT,
    oauthLimits: {
      registrationsPerHour: settings.OAUTH_REGISTRATIONS_PER_HOUR,
      codesPerHour: settings.OAUTH_CODES_PER_HOUR,
      unusedClientSeconds: settings.OAUTH_UNUSED_CLIENT_SECONDS,
    },
    // Every family a documented operation counts in (route table), with this deployment's limit.
    rateLimits: Object.fromEntries(
      [...new Set(operations.flatMap((operation) => (operation.rateLimit ? [operation.rateLimit] : [])))].map((family) => [family, limitOf(family, settings)]),
    ),
    tools: toolDescriptors().map((tool) => ({
      name: tool.name,
      kind: tool.annotations.readOnlyHint ? 'read' : 'write',
      purpose: tool.title,
    })),
  };
}
