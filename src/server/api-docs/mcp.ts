/** The MCP endpoint (and its aliases) and its discovery documents: their documentation (paths: http/route-table.ts). */
import { AgentCard, AiPlugin, JsonRpcRequest, JsonRpcResponse, McpConnectors, McpDiscoveryResponse, McpManifest, SERVER_CARD_MEDIA_TYPE, ServerCard } from '../schemas/mcp';
import { fault, jsonRpcError } from '../base/errors';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../http/body';
import { BATCH_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION, listed, MAX_BATCH_MESSAGES, MODERN_PROTOCOL_VERSIONS, notOfferedMethods, PROTOCOL_VERSIONS, publishedMethods, refusals } from '../mcp/protocol';
import type { OperationDoc, OperationResponse } from './operation';
import { constantDocumentResponses } from './responses';

// The generator adds X-RateLimit-* to every response of a rate-limited operation, Retry-After to 429.
// MCP clients read JSON-RPC: the endpoint's 429 is a JSON-RPC error (with the request's id).
const tooMany = {
  429: {
    description: 'rate_limited: RATE_LIMIT_MCP requests per minute spent; a JSON-RPC error (data.reason rate_limited) with the request\'s id. Wait Retry-After seconds.',
    schema: JsonRpcResponse,
    example: jsonRpcError(fault('rate_limited.per_minute', { limit: 60, retryAfter: 30 }), { id: 1 }).body,
  } satisfies OperationResponse,
};

const rpcError = (description: string, example: unknown): OperationResponse => ({ description, schema: JsonRpcResponse, example });

/** GET on the MCP endpoint `id` (Mcp, ApiMcp, WellKnownMcp); `note` says which alias it is. */
export const discovery = (id: string, note: string): OperationDoc => ({
  operationId: `get${id}Discovery`,
  summary: 'MCP discovery by content negotiation',
  description:
    `${note} Accept: application/json (default) → McpDiscoveryResponse; text/markdown → documentation for agents (every tool, its arguments, an example ` +
    'call, the booking flow); text/event-stream → SSE events `start`, one `progress` per tool, `complete` (JSON in each `data:` line), then the stream ends. ' +
    'Every answer carries `Vary: Accept`. A GET with MCP-Protocol-Version or Mcp-Session-Id (an MCP client asking for the standalone stream) gets 405 with `Allow: POST`.',
  tags: ['MCP'],
  streaming: { contentType: 'text/event-stream', events: ['start', 'progress', 'complete'] },
  responses: {
    200: { description: 'Discovery document (JSON shown; Markdown and SSE by Accept).', schema: McpDiscoveryResponse, headers: { Vary: 'Accept' } },
    401: rpcError('A bearer token was sent and is not valid (at every OAUTH_ENFORCEMENT; error="invalid_token"), or OAUTH_ENFORCEMENT=all and none was sent. WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource{path}", scope="mcp:read".', jsonRpcError(fault('unauthorized.bearer', { reason: 'A bearer token is required for this operation.', metadata: '…/.well-known/oauth-protected-resource/mcp', scope: 'mcp:read' })).body),
    403: rpcError('OAUTH_ENFORCEMENT=all and the token lacks mcp:read (data.reason insufficient_scope; WWW-Authenticate: Bearer error="insufficient_scope", scope="…": the scopes to authorize again with).', jsonRpcError(fault('insufficient_scope.bearer', { reason: 'The token lacks the scope mcp:read.', scope: 'mcp:read' })).body),
    405: rpcError('MCP client asked for the standalone server-to-client stream, which this stateless server does not offer.', refusals.noStandaloneStream().body),
    ...tooMany,
  },
});

export const jsonRpc = (id: string, note: string): OperationDoc => ({
  operationId: `post${id}JsonRpc`,
  summary: 'MCP JSON-RPC (Streamable HTTP, stateless)',
  description:
    `${note} One JSON-RPC 2.0 message per request; under ${BATCH_PROTOCOL_VERSION} (or with no MCP-Protocol-Version) a batch of at most ${MAX_BATCH_MESSAGES} messages, as that revision requires. Methods: ${listed(publishedMethods)}. ` +
    `Protocol revisions ${listed(PROTOCOL_VERSIONS)} (${LATEST_PROTOCOL_VERSION} is the latest), chosen per request: ${MODERN_PROTOCOL_VERSIONS[0]} needs no initialize (the revision and client capabilities in each request's _meta, server/discover); ` +
    'the older revisions start with initialize and send MCP-Protocol-Version after it. A tool failure is a result with isError; protocol failures are JSON-RPC errors (-32602 for missing or ill-typed params), with the request\'s id. ' +
    'A browser Origin other than the site\'s own or a loopback origin gets 403.',
  tags: ['MCP'],
  request: {
    schema: JsonRpcRequest,
    contentTypes: ['application/json'],
    example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pricing_get', arguments: { locale: 'en' } } },
  },
  responses: {
    200: { description: 'JSON-RPC response (result, or an error such as -32602 for an unknown tool).', schema: JsonRpcResponse, },
    202: { description: 'Notification or response accepted; no body.', },
    400: rpcError(`Invalid JSON-RPC request: malformed JSON (-32700), JSON nested deeper than ${MAX_JSON_DEPTH} levels, a batch, a missing or wrong field, or an unsupported MCP-Protocol-Version (-32600).`, refusals.batch().body),
    401: rpcError('A bearer token was sent and is not valid (at every OAUTH_ENFORCEMENT; error="invalid_token"), or one is required for this message (OAUTH_ENFORCEMENT write: write tools; all: every message) and none was sent. WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource{path}", scope="…".', jsonRpcError(fault('unauthorized.bearer', { reason: 'A bearer token is required for this operation.', metadata: '…/.well-known/oauth-protected-resource/mcp', scope: 'mcp:read' })).body),
    403: rpcError('Origin present and not the site\'s own (DNS-rebinding protection), or the bearer token lacks the scope (data.reason insufficient_scope; WWW-Authenticate: Bearer error="insufficient_scope", scope="…": the scopes to authorize again with, those the token holds and the one needed).', refusals.forbiddenOrigin('https://evil.example').body),
    404: rpcError('Unknown method.', refusals.unknownMethod('tools/destroy', 1).body),
    413: rpcError(`Body larger than ${MAX_BODY_BYTES / 1024} KiB.`, jsonRpcError(fault('payload_too_large.limit', { limit: MAX_BODY_BYTES })).body),
    415: rpcError('Content-Type is not application/json.', jsonRpcError(fault('unsupported_media_type.content_type', { type: 'text/plain', form: false })).body),
    ...tooMany,
    501: rpcError(`A method MCP defines but this server does not offer publicly (${listed(notOfferedMethods)}).`, refusals.notOffered('prompts/list', 1).body),
  },
});

export const preflight = (id: string): OperationDoc => ({
  operationId: `options${id}`,
  summary: 'CORS preflight',
  description: 'Allows Content-Type, Authorization, MCP-Protocol-Version, Mcp-Session-Id and Last-Event-ID; exposes the MCP and rate-limit headers.',
  tags: ['MCP'],
  responses: { 204: { description: 'Preflight answered.' } },
});

const document = (operationId: string, summary: string, schema: OperationResponse['schema'], contentType?: string): OperationDoc => ({
  operationId,
  summary,
  description: 'Generated from the tool registry and the settings (SITE_URL at run time). Strong ETag; If-None-Match answers 304.',
  tags: ['Discovery'],
  responses: constantDocumentResponses(summary, schema, contentType),
});

export const documents = {
  serverCard: document('getMcpServerCard', 'MCP server card (SEP-2127 draft), at its recommended location', ServerCard, SERVER_CARD_MEDIA_TYPE),
  serverCardJson: document('getWellKnownMcpServerCardJson', 'MCP server card (where scanners look)', ServerCard, SERVER_CARD_MEDIA_TYPE),
  serverCardWellKnown: document('getWellKnownMcpServerCard', 'MCP server card (well-known, no extension)', ServerCard, SERVER_CARD_MEDIA_TYPE),
  manifest: document('getMcpManifest', 'MCP manifest: endpoint, authentication, tools, UI resources', McpManifest),
  connectors: document('getMcpConnectors', 'MCP connector entry and client configuration', McpConnectors),
  agentCard: document('getAgentCard', 'A2A agent card of /a2a (v0.3 and v1.0 fields; one skill, ask)', AgentCard),
  agentJson: document('getAgentJson', 'A2A agent card at its v0.2 location', AgentCard),
  aiPlugin: document('getAiPlugin', 'Legacy plugin manifest pointing at /openapi.json and the MCP server', AiPlugin),
};
