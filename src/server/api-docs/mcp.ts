/** The MCP endpoint and its discovery documents, described once for /openapi.json and GET /api. */
import { AgentCard, AiPlugin, JsonRpcRequest, JsonRpcResponse, McpConnectors, McpDiscoveryResponse, McpManifest, ServerCard } from '../schemas/mcp';
import type { Operation, OperationResponse } from './operation';
import { errorResponses } from './responses';

// The generator adds X-RateLimit-* to every response of a rate-limited operation, Retry-After to 429.
const tooMany = errorResponses(['rate_limited']);

const rpcError = (description: string, example: unknown): OperationResponse => ({ description, schema: JsonRpcResponse, example });

const aliases: Array<{ path: string; id: string; note: string }> = [
  { path: '/mcp', id: 'Mcp', note: 'Primary endpoint.' },
  { path: '/api/mcp', id: 'ApiMcp', note: 'Legacy alias of /mcp.' },
  { path: '/.well-known/mcp', id: 'WellKnownMcp', note: 'Well-known alias of /mcp.' },
];

const endpointOperations: Operation[] = aliases.flatMap(({ path, id, note }): Operation[] => [
  {
    method: 'GET',
    path,
    operationId: `get${id}Discovery`,
    summary: 'MCP discovery by content negotiation',
    description:
      `${note} Accept: application/json (default) → McpDiscoveryResponse; text/markdown → documentation for agents (every tool, its arguments, an example ` +
      'call, the booking flow); text/event-stream → SSE events `start`, one `progress` per tool, `complete` (JSON in each `data:` line), then the stream ends. ' +
      'Every answer carries `Vary: Accept`. A GET with MCP-Protocol-Version or Mcp-Session-Id (an MCP client asking for the standalone stream) gets 405 with `Allow: POST`.',
    tags: ['MCP'],
    scopes: ['mcp:read'],
    rateLimit: 'mcp',
    streaming: { contentType: 'text/event-stream', events: ['start', 'progress', 'complete'] },
    responses: {
      200: { description: 'Discovery document (JSON shown; Markdown and SSE by Accept).', schema: McpDiscoveryResponse, headers: { Vary: 'Accept' } },
      405: rpcError('MCP client asked for the standalone server-to-client stream, which this stateless server does not offer.', {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Method Not Allowed: this stateless server offers no standalone SSE stream; send requests with POST.', data: { reason: 'no_standalone_stream' } },
      }),
      ...tooMany,
    },
  },
  {
    method: 'POST',
    path,
    operationId: `post${id}JsonRpc`,
    summary: 'MCP JSON-RPC (Streamable HTTP, stateless)',
    description:
      `${note} One JSON-RPC 2.0 message per request (batches are refused). Methods: initialize, notifications/initialized, ping, tools/list, tools/call, ` +
      'resources/list, resources/read, resources/templates/list. Protocol revisions 2025-11-25 (latest), 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07; ' +
      'send MCP-Protocol-Version after initialize. A tool failure is a result with isError; protocol failures are JSON-RPC errors. ' +
      'A browser Origin other than the site\'s own gets 403.',
    tags: ['MCP'],
    scopes: ['mcp:tools:inquiry', 'mcp:tools:booking'],
    rateLimit: 'mcp',
    request: {
      schema: JsonRpcRequest,
      contentTypes: ['application/json'],
      example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pricing_get', arguments: { locale: 'en' } } },
    },
    responses: {
      200: { description: 'JSON-RPC response (result, or an error such as -32602 for an unknown tool).', schema: JsonRpcResponse, },
      202: { description: 'Notification or response accepted; no body.', },
      400: rpcError('Invalid JSON-RPC request: malformed JSON (-32700), a batch, a missing or wrong field, or an unsupported MCP-Protocol-Version (-32600).', {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported (removed from MCP in 2025-06-18); send one message per POST.', data: { reason: 'batch_not_supported' } },
      }),
      403: rpcError('Origin present and not the site\'s own (DNS-rebinding protection).', {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Forbidden: Origin https://evil.example may not call this MCP server.', data: { reason: 'forbidden_origin' } },
      }),
      404: rpcError('Unknown method.', {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'Method not found: tools/destroy.', data: { reason: 'unknown_method', method: 'tools/destroy' } },
      }),
      413: rpcError('Body larger than 32 KiB.', { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The request body is larger than 32 KiB.' } }),
      415: rpcError('Content-Type is not application/json.', { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Content-Type text/plain is not accepted here.' } }),
      ...tooMany,
      501: rpcError('A method MCP defines but this server does not offer publicly (prompts/*, completion/complete, logging/setLevel, resources/subscribe, sampling/*, tasks/*, elicitation/*).', {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'Method not offered: prompts/list is part of MCP but this server does not offer it publicly.', data: { reason: 'not_offered', method: 'prompts/list' } },
      }),
    },
  },
  {
    method: 'OPTIONS',
    path,
    operationId: `options${id}`,
    summary: 'CORS preflight',
    description: 'Allows Content-Type, Authorization, MCP-Protocol-Version, Mcp-Session-Id and Last-Event-ID; exposes the MCP and rate-limit headers.',
    tags: ['MCP'],
    scopes: [],
    responses: { 204: { description: 'Preflight answered.' } },
  },
]);

const documents: Array<{ path: string; operationId: string; summary: string; schema: Operation['responses'][number]['schema']; contentType?: string }> = [
  { path: '/mcp/server-card', operationId: 'getMcpServerCard', summary: 'MCP server card (SEP-2127 draft), at its recommended location', schema: ServerCard, contentType: 'application/mcp-server-card+json' },
  { path: '/.well-known/mcp/server-card.json', operationId: 'getWellKnownMcpServerCardJson', summary: 'MCP server card (where scanners look)', schema: ServerCard, contentType: 'application/mcp-server-card+json' },
  { path: '/.well-known/mcp/server-card', operationId: 'getWellKnownMcpServerCard', summary: 'MCP server card (well-known, no extension)', schema: ServerCard, contentType: 'application/mcp-server-card+json' },
  { path: '/.well-known/mcp/manifest.json', operationId: 'getMcpManifest', summary: 'MCP manifest: endpoint, authentication, tools, UI resources', schema: McpManifest },
  { path: '/.well-known/mcp/connectors.json', operationId: 'getMcpConnectors', summary: 'MCP connector entry and client configuration', schema: McpConnectors },
  { path: '/.well-known/agent-card.json', operationId: 'getAgentCard', summary: 'A2A agent card (v0.3 and v1.0 fields; skills are the MCP tools)', schema: AgentCard },
  { path: '/.well-known/agent.json', operationId: 'getAgentJson', summary: 'A2A agent card at its v0.2 location', schema: AgentCard },
  { path: '/.well-known/ai-plugin.json', operationId: 'getAiPlugin', summary: 'Legacy plugin manifest pointing at /openapi.json and the MCP server', schema: AiPlugin },
];

const documentOperations: Operation[] = documents.map(({ path, operationId, summary, schema, contentType }) => ({
  method: 'GET',
  path,
  operationId,
  summary,
  description: 'Generated from the tool registry and the settings (SITE_URL at run time). Strong ETag; If-None-Match answers 304.',
  tags: ['Discovery'],
  scopes: [],
  responses: {
    200: { description: summary, schema, ...(contentType ? { contentType } : {}), headers: { ETag: 'Entity tag of this version of the document.' } },
    304: { description: 'Not modified (If-None-Match matched).' },
  },
}));

export const operations: Operation[] = [...endpointOperations, ...documentOperations];
