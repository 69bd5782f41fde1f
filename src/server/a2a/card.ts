/**
 * The A2A agent card, served at /.well-known/agent-card.json (A2A v0.3 and v1.0) and
 * /.well-known/agent.json (v0.2's location). It advertises what /a2a really does: one skill, "ask"
 * (a question → the site's ranked resources, as /ask answers it), over JSON-RPC at /a2a, for protocol
 * versions 1.0 and 0.3. The MCP tools are not A2A skills: the card points to the MCP server for them.
 *
 * Each version gets its own card, chosen by the request's `A2A-Version` header as the SDK's own card
 * handlers choose (1.0 for a 1.0 client, which sends the header; v0.3 without it): the v1.0 card is the
 * SDK's `AgentCard` as `AgentCard.toJSON` writes it; the v0.3 card has v0.3's fields and security
 * objects, plus `supportedInterfaces` so a v1.0 reader that sent no header still finds /a2a. No object
 * mixes the two versions' keys.
 */
import { AgentCard } from '@a2a-js/sdk';
import type { Catalog } from '../catalog';
import { oauthUrls, routePaths, routeUrl } from '../base/urls';
import { authRequirement } from '../oauth/documentation';
import { scopeCatalogue } from '../base/scopes';
import { getSettings } from '../base/settings';
import { TOOLSET_VERSION } from '../tools/registry';

/** Protocol versions /a2a serves: 1.0 (the SDK's native one), 0.3 (its compat layer; an A2A-Version-less request is 0.3). */
export const A2A_PROTOCOL_VERSIONS = ['1.0', '0.3'] as const;
const MODES = ['text/plain', 'application/json'];

export function a2aUrl(site = getSettings().SITE_URL): string {
  return routeUrl(site, routePaths.a2a);
}

const SCHEME = 'oauth2';

/** The OAuth scheme of /a2a and its scopes, when this deployment requires a token there. */
function security(site: string) {
  const required = authRequirement(routePaths.a2a, 'POST', getSettings().OAUTH_ENFORCEMENT);
  if (required.requirement !== 'required') return undefined;
  const oauth = oauthUrls(site);
  const flow = {
    authorizationUrl: oauth.authorize,
    tokenUrl: oauth.token,
    refreshUrl: oauth.token,
    scopes: Object.fromEntries(required.scopes.map((scope) => [scope, scopeCatalogue[scope].en])),
  };
  const description =
    `OAuth 2.0 authorization code flow with PKCE (S256); scope ${required.scopes.join(' or ')}. Discover the endpoints at oauth2MetadataUrl, ` +
    'then register (registration_endpoint, RFC 7591) or use the https URL of a client metadata document as client_id; send the token as Authorization: Bearer.';
  return { flow, description, scopes: required.scopes, metadataUrl: oauth.authorizationServer };
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
    ...v1Security(site),
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

function v1Security(site: string) {
  const found = security(site);
  if (!found) return {};
  return {
    securitySchemes: {
      [SCHEME]: {
        oauth2SecurityScheme: { description: found.description, oauth2MetadataUrl: found.metadataUrl, flows: { authorizationCode: { ...found.flow, pkceRequired: true } } },
      },
    },
    securityRequirements: [{ schemes: { [SCHEME]: { list: found.scopes } } }],
  };
}

/** The scheme in v0.3's shape (OpenAPI-like `type`, `flows`) and v0.3's top-level `security`. */
function v03Security(site: string) {
  const found = security(site);
  if (!found) return {};
  return {
    securitySchemes: { [SCHEME]: { type: 'oauth2', description: found.description, oauth2MetadataUrl: found.metadataUrl, flows: { authorizationCode: found.flow } } },
    security: [{ [SCHEME]: found.scopes }],
  };
}

/** Which card a request gets: 1.0 when its `A2A-Version` names 1.0 or later, else (absent, 0.x) v0.3. */
export type AgentCardVersion = '1.0' | '0.3';
export function agentCardVersionOf(request: Request): AgentCardVersion {
  const asked = request.headers.get('a2a-version')?.trim();
  return asked && !asked.startsWith('0.') ? '1.0' : '0.3';
}

/** The card as served to a reader of `version`. */
export function agentCardDocument(catalog: Pick<Catalog, 'site'>, version: AgentCardVersion): Record<string, unknown> {
  const v1 = AgentCard.toJSON(coreAgentCard(catalog)) as Record<string, unknown>;
  if (version === '1.0') return v1;
  const { securitySchemes: _schemes, securityRequirements: _requirements, capabilities, ...common } = v1;
  const { extendedAgentCard, ...v03Capabilities } = capabilities as Record<string, unknown>;
  const url = a2aUrl();
  return {
    ...common,
    url,
    protocolVersion: '0.3.0',
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [{ url, transport: 'JSONRPC' }],
    capabilities: v03Capabilities,
    supportsAuthenticatedExtendedCard: extendedAgentCard === true,
    ...v03Security(getSettings().SITE_URL),
  };
}

/** What GET /a2a tells a reader: this is an A2A JSON-RPC endpoint, and where its card is. */
export function a2aEndpointDocument(catalog: Pick<Catalog, 'site'>) {
  const site = getSettings().SITE_URL;
  return {
    name: catalog.site.en.name,
    description: `The A2A (Agent2Agent) endpoint of ${site}: POST JSON-RPC here to ask a question and get the site's ranked resources. Read the agent card first.`,
    agentCard: routeUrl(site, routePaths.agentCard),
    endpoint: a2aUrl(site),
    protocolVersions: [...A2A_PROTOCOL_VERSIONS],
    methods: { '1.0': ['SendMessage', 'SendStreamingMessage'], '0.3': ['message/send', 'message/stream'] },
    documentation: routeUrl(site, routePaths.apiCatalog),
  };
}
