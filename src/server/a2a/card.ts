/**
 * The A2A agent card, served at /.well-known/agent-card.json (A2A v0.3 and v1.0) and
 * /.well-known/agent.json (v0.2's location). It advertises what /a2a really does: one skill, "ask"
 * (a question → the site's ranked resources, as /ask answers it), over JSON-RPC at /a2a, for protocol
 * versions 1.0 and 0.3. The MCP tools are not A2A skills: the card points to the MCP server for them.
 *
 * The card is the SDK's own v1.0 type (built as `AgentCard`, serialised with `AgentCard.toJSON`) plus
 * the v0.3 top-level fields (`url`, `protocolVersion`, `preferredTransport`, `additionalInterfaces`), so
 * v1.0 clients read `supportedInterfaces` and v0.3 clients their fields.
 */
import { AgentCard } from '@a2a-js/sdk';
import type { Catalog } from '../catalog';
import { routePaths, routeUrl } from '../urls';
import { getSettings } from '../settings';
import { TOOLSET_VERSION } from '../tools/registry';

/** Protocol versions /a2a serves: 1.0 (the SDK's native one), 0.3 (its compat layer; an A2A-Version-less request is 0.3). */
export const A2A_PROTOCOL_VERSIONS = ['1.0', '0.3'] as const;
const MODES = ['text/plain', 'application/json'];

export function a2aUrl(site = getSettings().SITE_URL): string {
  return routeUrl(site, routePaths.a2a);
}

/** The card in the SDK's v1.0 model (what DefaultRequestHandler is given). */
export function coreAgentCard(catalog: Pick<Catalog, 'site'>): AgentCard {
  const site = getSettings().SITE_URL;
  const url = a2aUrl(site);
  const facts = catalog.site.en;
  return AgentCard.fromJSON({
    name: facts.name,
    description:
      `${facts.description} This agent answers questions in Polish or English with the site's best resources (articles, services, prices, contact, consultation), as ${site}/ask does. ` +
      `To act (send an inquiry, book a consultation), use the MCP server at ${site}/mcp.`,
    supportedInterfaces: A2A_PROTOCOL_VERSIONS.map((protocolVersion) => ({ url, protocolBinding: 'JSONRPC', protocolVersion })),
    provider: { organization: facts.name, url: site },
    version: TOOLSET_VERSION,
    documentationUrl: routeUrl(site, routePaths.apiCatalog),
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: MODES,
    defaultOutputModes: MODES,
    skills: [
      {
        id: 'ask',
        name: 'Ask the website',
        description:
          'A question in plain language (Polish or English) → the ranked resources that answer it: title, URL, summary, confidence. The reply has a text part (a numbered list) and a data part (the /ask answer: {_meta, query, results}). A data part in the request may carry /ask fields (locale, context, meta.start_num).',
        tags: ['search', 'question-answering', 'nlweb', 'pl', 'en'],
        examples: ['ile kosztuje strona internetowa dla fundacji?', 'how can I contact you?', 'password manager for a small team'],
        inputModes: MODES,
        outputModes: MODES,
      },
    ],
  });
}

/** The card as served: the SDK's v1.0 JSON plus the v0.3 fields. */
export function agentCardDocument(catalog: Pick<Catalog, 'site'>) {
  const core = coreAgentCard(catalog);
  const url = a2aUrl();
  return {
    ...(AgentCard.toJSON(core) as Record<string, unknown>),
    // v0.3 (and v0.2) readers
    url,
    protocolVersion: '0.3.0',
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [{ url, transport: 'JSONRPC' }],
  };
}
