/**
 * Every MCP discovery document, derived from the tool registry and the settings (SITE_URL at run
 * time): GET /mcp as JSON, Markdown and SSE; the server card; manifest.json; connectors.json;
 * ai-plugin.json. Nothing here is written twice: tools come from the registry.
 */
import type { Catalog } from '../catalog';
import { oauthUrls, routePaths as paths, routeUrl } from '../base/urls';
import { BOOKING_FLOW } from '../scheduling/booking-flow';
import type { AiPlugin, McpConnectors, McpDiscoveryResponse, McpManifest, ServerCard } from '../schemas/mcp';
import { enforcementSummary } from '../oauth/documentation';
import { MCP_SCOPES, scopeCatalogue } from '../base/scopes';
import { getSettings } from '../base/settings';
import { TOOLSET_VERSION, toolDescriptors, tools, type ToolDescriptor } from '../tools/registry';
import { listed, PROTOCOL_VERSIONS, publishedMethods } from './protocol';
import { SERVER_INSTRUCTIONS, serverInfoFor } from './server';
import { UI_MIME_TYPE, uiResourceList } from './ui-resources';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json' as const;

export function mcpUrls(site = getSettings().SITE_URL) {
  const oauth = oauthUrls(site);
  return {
    primary: routeUrl(site, paths.mcp),
    legacy: routeUrl(site, paths.mcpLegacy),
    wellKnown: routeUrl(site, paths.mcpWellKnown),
    serverCard: routeUrl(site, paths.mcpServerCard),
    serverCardWellKnown: routeUrl(site, paths.wellKnownServerCardJson),
    manifest: routeUrl(site, paths.mcpManifest),
    connectors: routeUrl(site, paths.mcpConnectors),
    openapi: routeUrl(site, paths.openapi),
    llms: routeUrl(site, paths.llms),
    protectedResource: `${oauth.protectedResource}${paths.mcp}`,
    authorizationServer: oauth.authorizationServer,
    authorize: oauth.authorize,
  };
}

const DESCRIPTION =
  'Tools of a digital-services business (web design, IT support, automation for NGOs and SMEs): articles, services, pricing in PLN, contact, service inquiry, newsletter and consultation booking. Polish and English.';

const publicTool = (descriptor: ToolDescriptor) => descriptor;

export function discoveryDocument(): McpDiscoveryResponse {
  const urls = mcpUrls();
  const info = serverInfoFor();
  return {
    name: info.name,
    title: info.title,
    version: TOOLSET_VERSION,
    description: DESCRIPTION,
    transport: 'streamable-http',
    url: urls.primary,
    endpoints: [urls.primary, urls.legacy, urls.wellKnown],
    protocolVersions: [...PROTOCOL_VERSIONS],
    serverCardUrl: urls.serverCard,
    wellKnownTransportUrl: urls.wellKnown,
    documentationUrl: urls.primary,
    instructions: SERVER_INSTRUCTIONS,
    bookingFlow: [...BOOKING_FLOW],
    tools: toolDescriptors().map(publicTool),
    resources: uiResourceList.map(({ uri, name, title, description }) => ({ uri, name, title, description, mimeType: UI_MIME_TYPE })),
  };
}

// ------------------------------------------------------------------ Markdown for agents

interface PropertySchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: PropertySchema;
  pattern?: string;
  anyOf?: PropertySchema[];
}

function typeOf(property: PropertySchema): string {
  if (property.const !== undefined) return `${JSON.stringify(property.const)}`;
  if (property.enum) return property.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (property.anyOf) return property.anyOf.map(typeOf).join(' or ');
  const type = Array.isArray(property.type) ? property.type.join(' or ') : (property.type ?? 'any');
  if (type === 'array' && property.items) return `array of ${typeOf(property.items)}`;
  return property.format ? `${type} (${property.format})` : type;
}

function rulesOf(property: PropertySchema): string {
  const rules: string[] = [];
  if (property.minLength !== undefined) rules.push(`min ${property.minLength} characters`);
  if (property.maxLength !== undefined) rules.push(`max ${property.maxLength} characters`);
  if (property.minimum !== undefined) rules.push(`≥ ${property.minimum}`);
  if (property.maximum !== undefined) rules.push(`≤ ${property.maximum}`);
  if (property.default !== undefined) rules.push(`default ${JSON.stringify(property.default)}`);
  return rules.join(', ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function argumentTable(schema: Record<string, unknown>): string {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) return 'No arguments.';
  return [
    '| Argument | Type | Required | Rules | Meaning |',
    '|---|---|---|---|---|',
    ...names.map((name) => {
      const property = properties[name]!;
      return `| \`${name}\` | ${cell(typeOf(property))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(rulesOf(property))} | ${cell(property.description ?? '')} |`;
    }),
  ].join('\n');
}

export function agentMarkdown(): string {
  const urls = mcpUrls();
  const info = serverInfoFor();
  const enforcement = getSettings().OAUTH_ENFORCEMENT;
  const lines: string[] = [
    `# ${info.title} — MCP server`,
    '',
    `> ${DESCRIPTION}`,
    '',
    '## Connect',
    '',
    `- Endpoint: \`${urls.primary}\` (Streamable HTTP, JSON-RPC 2.0; aliases \`${urls.legacy}\` and \`${urls.wellKnown}\`).`,
    `- MCP protocol versions: ${listed(PROTOCOL_VERSIONS, true)} (latest first). Stateless: no session id; every request may go to any instance.`,
    '- POST one JSON-RPC message per request with `Content-Type: application/json` and `Accept: application/json, text/event-stream`; after `initialize`, send `MCP-Protocol-Version`. Answers are `application/json`. Batches (JSON arrays) are refused with 400.',
    `- Methods: ${listed(publishedMethods, true)}.`,
    '- Status codes: 400 invalid JSON-RPC request (JSON-RPC error body), 401 bearer token required (see Authentication; `WWW-Authenticate` names the metadata), 403 foreign browser `Origin` or `insufficient_scope`, 404 unknown method (`-32601`), 405 GET with MCP headers (no standalone stream), 429 rate limit (`Retry-After`), 501 method MCP defines but this server does not offer (`-32601`, `data.reason: "not_offered"`).',
    `- Authentication: ${enforcementSummary(enforcement)} Scopes: ${MCP_SCOPES.map((scope) => `\`${scope}\` (${scopeCatalogue[scope].en.replace(/\.$/, '')})`).join(', ')}. Protected-resource metadata: ${urls.protectedResource}; authorization server: ${urls.authorizationServer} (dynamic client registration, PKCE S256).`,
    `- Server card: ${urls.serverCard} · manifest: ${urls.manifest} · connectors: ${urls.connectors}.`,
    '',
    '## Booking flow',
    '',
    ...BOOKING_FLOW.map((step, index) => `${index + 1}. ${step}`),
    '',
    '## Tools',
    '',
  ];
  let id = 1;
  for (const [index, descriptor] of toolDescriptors().entries()) {
    const tool = tools[index]!;
    const hints = descriptor.annotations;
    lines.push(
      `### \`${descriptor.name}\` — ${descriptor.title}`,
      '',
      descriptor.description,
      '',
      `Scope: \`${descriptor.scope}\` · read-only: ${hints.readOnlyHint ? 'yes' : 'no'} · destructive: ${hints.destructiveHint ? 'yes' : 'no'} · idempotent: ${hints.idempotentHint ? 'yes' : 'no'} · open world: ${hints.openWorldHint ? 'yes' : 'no'}${descriptor.uiResourceUri ? ` · view: \`${descriptor.uiResourceUri}\`` : ''}`,
      '',
      argumentTable(descriptor.inputSchema),
      '',
      'Example call:',
      '',
      '```json',
      JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name: descriptor.name, arguments: tool.example } }, null, 2),
      '```',
      '',
    );
  }
  lines.push(
    '## UI resources (MCP Apps)',
    '',
    ...uiResourceList.map((resource) => `- \`${resource.uri}\` (\`${UI_MIME_TYPE}\`): ${resource.description}`),
    '',
    'Read them with `resources/read`; hosts that support MCP Apps show them when the linked tool is called.',
    '',
  );
  return lines.join('\n');
}

// ------------------------------------------------------------------ SSE discovery

/** The SSE representation: `start`, one `progress` per tool, `complete`; each `data:` is JSON. */
export function discoveryEvents(): string {
  const document = discoveryDocument();
  const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  const total = document.tools.length;
  return [
    // `retry` tells EventSource clients this one-shot stream need not be reopened soon (one hour).
    `retry: 3600000\n${event('start', { name: document.name, version: document.version, transport: document.transport, url: document.url, tools: total })}`,
    ...document.tools.map((tool, index) =>
      event('progress', { index: index + 1, total, tool: { name: tool.name, title: tool.title, description: tool.description, scope: tool.scope, annotations: tool.annotations } }),
    ),
    event('complete', {
      ok: true,
      tools: document.tools.map((tool) => tool.name),
      resources: document.resources.map((resource) => resource.uri),
      serverCardUrl: document.serverCardUrl,
      wellKnownTransportUrl: document.wellKnownTransportUrl,
    }),
  ].join('');
}

// ------------------------------------------------------------------ well-known documents

export function serverCard(): ServerCard {
  const urls = mcpUrls();
  const info = serverInfoFor();
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: info.name,
    version: info.version,
    description: 'Articles, services, PLN pricing, contact, inquiries, newsletter and consultation booking.',
    title: 'Website tools',
    websiteUrl: getSettings().SITE_URL,
    icons: [{ src: `${getSettings().SITE_URL}/favicon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }],
    remotes: [
      {
        type: 'streamable-http',
        url: urls.primary,
        headers: [
          {
            name: 'Authorization',
            description: authorizationHeaderNote(getSettings().OAUTH_ENFORCEMENT),
            isRequired: getSettings().OAUTH_ENFORCEMENT === 'all',
            isSecret: true,
          },
        ],
        supportedProtocolVersions: [...PROTOCOL_VERSIONS],
      },
    ],
    _meta: { 'io.site/discovery': { documentation: urls.primary, manifest: urls.manifest, connectors: urls.connectors } },
  };
}


/** What the server card says about the Authorization header under each OAUTH_ENFORCEMENT. */
function authorizationHeaderNote(enforcement: 'off' | 'write' | 'all'): string {
  if (enforcement === 'off') return 'Not needed on this deployment (OAUTH_ENFORCEMENT=off); a bearer token is accepted and rate limited per client.';
  if (enforcement === 'write') {
    return 'OAuth 2.0 bearer token, needed for the write tools (mcp:tools:inquiry, mcp:tools:booking); read tools are public. A 401 names the protected-resource metadata.';
  }
  return 'OAuth 2.0 bearer token, needed for every request (mcp:read, plus mcp:tools:inquiry / mcp:tools:booking for the write tools). A 401 names the protected-resource metadata.';
}

export function manifest(): McpManifest {
  const urls = mcpUrls();
  const info = serverInfoFor();
  return {
    manifestVersion: '1.0',
    name: info.name,
    title: info.title,
    version: TOOLSET_VERSION,
    description: DESCRIPTION,
    transport: { type: 'streamable-http', url: urls.primary, aliases: [urls.legacy, urls.wellKnown], protocolVersions: [...PROTOCOL_VERSIONS] },
    authentication: {
      enforcement: getSettings().OAUTH_ENFORCEMENT,
      protectedResourceMetadata: urls.protectedResource,
      authorizationServerMetadata: urls.authorizationServer,
      scopes: [...MCP_SCOPES],
    },
    tools: toolDescriptors().map(({ name, title, description, annotations, scope }) => ({ name, title, description, annotations, scope })),
    resources: uiResourceList.map(({ uri, name }) => ({ uri, name, mimeType: UI_MIME_TYPE })),
    links: { documentation: urls.primary, serverCard: urls.serverCard, connectors: urls.connectors, openapi: urls.openapi, llms: urls.llms },
  };
}

export function connectors(): McpConnectors {
  const urls = mcpUrls();
  const info = serverInfoFor();
  const key = info.name.replace(/[^a-z0-9]+/gi, '-');
  return {
    version: '1.0',
    connectors: [
      {
        id: key,
        name: info.title,
        description: DESCRIPTION,
        type: 'mcp',
        transport: 'streamable-http',
        url: urls.primary,
        authentication: { type: getSettings().OAUTH_ENFORCEMENT === 'off' ? 'none' : 'oauth2', scopes: [...MCP_SCOPES] },
        tools: tools.map((tool) => tool.name),
        serverCardUrl: urls.serverCard,
      },
    ],
    clientConfig: { mcpServers: { [key]: { type: 'http', url: urls.primary } } },
  };
}

// The A2A agent card: src/server/a2a/card.ts (it describes the A2A endpoint /a2a, not MCP).

export function aiPlugin(catalog: Catalog): AiPlugin {
  const urls = mcpUrls();
  const settings = getSettings();
  const site = catalog.site.en;
  const privacy = catalog.records.find((record) => record.type === 'page' && record.locale === 'en' && record.key === 'privacy') ??
    catalog.records.find((record) => record.type === 'page');
  return {
    schema_version: 'v1',
    name_for_human: site.name.slice(0, 20),
    name_for_model: 'website_services',
    description_for_human: 'Websites, IT support and automation: articles, prices, contact and booking.',
    description_for_model:
      `${DESCRIPTION} Prefer the MCP server at ${urls.primary} (tools: ${tools.map((tool) => tool.name).join(', ')}). ` +
      `The REST API is described by the OpenAPI document. ${BOOKING_FLOW.join(' ')} Send contact or inquiry data only after the person confirms it.`,
    auth: settings.OAUTH_ENFORCEMENT === 'off' ? { type: 'none' } : { type: 'oauth', authorization_url: urls.authorize, scope: MCP_SCOPES.join(' ') },
    api: { type: 'openapi', url: urls.openapi, is_user_authenticated: false },
    logo_url: `${settings.SITE_URL}/favicon.svg`,
    contact_email: settings.CONTACT_EMAIL,
    legal_info_url: privacy?.url ?? settings.SITE_URL,
  };
}
