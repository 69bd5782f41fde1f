/**
 * Shapes of the MCP endpoint and its discovery documents: the JSON-RPC envelope of requests and
 * responses, McpDiscoveryResponse (GET /mcp as JSON), the server card (SEP-2127 draft),
 * and the other well-known documents. The generators in src/server/mcp/discovery.ts return these.
 */
import { JSONRPCErrorResponseSchema, RequestIdSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { rpcCodesDescribed, rpcRefusals } from '../base/errors';
import { McpScopeSchema } from '../base/scopes';

/** Requests this server answers (through the SDK). */
export const supportedMethods = [
  'initialize',
  'ping',
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
] as const;

/** What a client sends and this server accepts, in the order a session meets them (for documents). */
export const publishedMethods = ['initialize', 'notifications/initialized', ...supportedMethods.slice(1)] as const;

/** "`a`, `b`, …" or "a, b, …": a list of methods or versions for prose. */
export function listed(values: readonly string[], code = false): string {
  return values.map((value) => (code ? `\`${value}\`` : value)).join(', ');
}

/** The media type of the MCP server card (SEP-2127 draft). */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

const JsonSchemaObject = z.record(z.string(), z.unknown()).describe('A JSON Schema (2020-12, named in $schema) with type "object".');

export const JsonRpcRequest = z
  .object({
    jsonrpc: z.literal('2.0'),
    // JSON-RPC 2.0 allows a null id but MCP forbids it (and a fractional one), and the server refuses
    // both with 400; the published schema says what the server accepts.
    id: z.union([z.string(), z.int()]).optional().describe('A string or an integer; absent for a notification. MCP forbids null: a null or fractional id is answered 400.'),
    method: z.string().describe(`${listed(publishedMethods)}, notifications/*.`),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'McpJsonRpcRequest' });

/** The SDK's JSON-RPC error object, with the `data` this server sends documented. */
export const JsonRpcError = JSONRPCErrorResponseSchema.shape.error
  .extend({
    code: z
      .number()
      .int()
      .describe(`The JSON-RPC code and the data.reason values it comes with: ${rpcCodesDescribed()}; -32002 from the SDK: resource not found.`),
    message: z.string(),
    data: z
      .object({
        reason: z
          .string()
          .optional()
          .describe(`${listed(Object.keys(rpcRefusals))}, or the REST error code (forbidden_origin, unsupported_media_type, payload_too_large, method_not_allowed, internal_error...).`),
        method: z.string().optional(),
        supported: z.array(z.string()).optional().describe('Supported methods or protocol versions, depending on the reason.'),
        requested: z.string().optional(),
        hint: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .meta({ id: 'McpJsonRpcError' });

export const JsonRpcResponse = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([RequestIdSchema, z.null()]).optional().describe('The request id; null when the request could not be read.'),
    result: z.record(z.string(), z.unknown()).optional(),
    error: JsonRpcError.optional(),
  })
  .meta({ id: 'McpJsonRpcResponse' });

export const ToolAnnotationsSchema = z.object({
  title: z.string(),
  readOnlyHint: z.boolean(),
  destructiveHint: z.boolean(),
  idempotentHint: z.boolean(),
  openWorldHint: z.boolean(),
});

export const McpDiscoveryTool = z
  .object({
    name: z.string(),
    title: z.string(),
    labels: z.object({ pl: z.string(), en: z.string() }).describe('What a person sees for the tool, per language.'),
    description: z.string(),
    inputSchema: JsonSchemaObject,
    outputSchema: JsonSchemaObject.optional(),
    annotations: ToolAnnotationsSchema,
    scope: McpScopeSchema.describe('OAuth scope the tool needs when OAUTH_ENFORCEMENT asks for a token.'),
    uiResourceUri: z.string().optional().describe('The MCP Apps view (ui://) that presents the tool.'),
  })
  .meta({ id: 'McpDiscoveryTool' });

export const McpDiscoveryResponse = z
  .object({
    name: z.string().describe('serverInfo.name (reverse-DNS, as in the server card).'),
    title: z.string(),
    version: z.string().describe('MCP tool set version (1.7.0).'),
    description: z.string(),
    transport: z.literal('streamable-http'),
    url: z.url().describe('The primary endpoint (POST JSON-RPC here).'),
    endpoints: z.array(z.url()).describe('Every path serving the same MCP server.'),
    protocolVersions: z.array(z.string()).describe('MCP revisions accepted in MCP-Protocol-Version and initialize.'),
    serverCardUrl: z.url(),
    wellKnownTransportUrl: z.url(),
    documentationUrl: z.url().describe('Markdown documentation for agents (this URL with Accept: text/markdown).'),
    instructions: z.string(),
    bookingFlow: z.array(z.string()),
    tools: z.array(McpDiscoveryTool),
    resources: z.array(z.object({ uri: z.string(), name: z.string(), title: z.string(), description: z.string(), mimeType: z.string() })),
  })
  .meta({ id: 'McpDiscoveryResponse' });
export type McpDiscoveryResponse = z.output<typeof McpDiscoveryResponse>;

/** The MCP Server Card (SEP-2127 draft, the shape of the experimental server-card extension). */
export const ServerCard = z
  .object({
    $schema: z.literal('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'),
    name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
    version: z.string().max(255),
    description: z.string().min(1).max(100),
    title: z.string().min(1).max(100).optional(),
    websiteUrl: z.url().optional(),
    icons: z.array(z.object({ src: z.string(), mimeType: z.string().optional(), sizes: z.array(z.string()).optional() })).optional(),
    remotes: z
      .array(
        z.object({
          type: z.enum(['streamable-http', 'sse']),
          url: z.string(),
          headers: z.array(z.object({ name: z.string(), description: z.string().optional(), isRequired: z.boolean().optional(), isSecret: z.boolean().optional() })).optional(),
          supportedProtocolVersions: z.array(z.string()).optional(),
        }),
      )
      .optional(),
    _meta: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'McpServerCard' });
export type ServerCard = z.output<typeof ServerCard>;

export const McpManifest = z
  .object({
    manifestVersion: z.literal('1.0'),
    name: z.string(),
    title: z.string(),
    version: z.string(),
    description: z.string(),
    transport: z.object({ type: z.literal('streamable-http'), url: z.url(), aliases: z.array(z.url()), protocolVersions: z.array(z.string()) }),
    authentication: z.object({
      enforcement: z.enum(['off', 'write', 'all']),
      protectedResourceMetadata: z.url(),
      authorizationServerMetadata: z.url(),
      scopes: z.array(McpScopeSchema),
    }),
    tools: z.array(McpDiscoveryTool.pick({ name: true, title: true, description: true, annotations: true, scope: true })),
    resources: z.array(z.object({ uri: z.string(), name: z.string(), mimeType: z.string() })),
    links: z.record(z.string(), z.url()),
  })
  .meta({ id: 'McpManifest' });
export type McpManifest = z.output<typeof McpManifest>;

export const McpConnectors = z
  .object({
    version: z.literal('1.0'),
    connectors: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        type: z.literal('mcp'),
        transport: z.literal('streamable-http'),
        url: z.url(),
        authentication: z.object({ type: z.enum(['none', 'oauth2']), scopes: z.array(McpScopeSchema) }),
        tools: z.array(z.string()),
        serverCardUrl: z.url(),
      }),
    ),
    clientConfig: z.object({ mcpServers: z.record(z.string(), z.object({ type: z.literal('http'), url: z.url() })) }).describe('Ready-made entry for MCP client configuration files (Claude, VS Code, Cursor).'),
  })
  .meta({ id: 'McpConnectors' });
export type McpConnectors = z.output<typeof McpConnectors>;

/**
 * A2A agent card of the A2A endpoint /a2a (src/server/a2a/card.ts): the v1.0 fields as the official SDK
 * serialises them (`supportedInterfaces` for 1.0 and 0.3) plus the v0.3 ones (`url`, `protocolVersion`…).
 */
export const AgentCard = z
  .object({
    name: z.string(),
    description: z.string(),
    version: z.string(),
    url: z.url().describe('v0.3: the JSON-RPC endpoint, /a2a.'),
    protocolVersion: z.string().describe('v0.3: "0.3.0".'),
    preferredTransport: z.string(),
    supportedInterfaces: z
      .array(z.object({ url: z.url(), protocolBinding: z.string(), protocolVersion: z.string() }).loose())
      .describe('v1.0: /a2a over JSONRPC, once for protocol 1.0 and once for 0.3.'),
    additionalInterfaces: z.array(z.object({ url: z.url(), transport: z.string() })),
    provider: z.object({ organization: z.string(), url: z.url() }),
    documentationUrl: z.url(),
    capabilities: z.object({ streaming: z.boolean(), pushNotifications: z.boolean() }).loose(),
    defaultInputModes: z.array(z.string()),
    defaultOutputModes: z.array(z.string()),
    skills: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), tags: z.array(z.string()), examples: z.array(z.string()).optional() }).loose()),
  })
  .loose()
  .meta({ id: 'AgentCard' });
export type AgentCard = z.output<typeof AgentCard>;

export const AiPlugin = z
  .object({
    schema_version: z.literal('v1'),
    name_for_human: z.string().max(20),
    name_for_model: z.string().regex(/^[a-z0-9_]+$/).max(50),
    description_for_human: z.string().max(100),
    description_for_model: z.string().max(8000),
    auth: z.object({ type: z.enum(['none', 'oauth']) }).loose(),
    api: z.object({ type: z.literal('openapi'), url: z.url(), is_user_authenticated: z.boolean() }),
    logo_url: z.url(),
    contact_email: z.email(),
    legal_info_url: z.url(),
  })
  .loose()
  .meta({ id: 'AiPlugin' });
export type AiPlugin = z.output<typeof AiPlugin>;
