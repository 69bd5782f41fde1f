/**
 * The registry on an McpServer (SDK v2, both protocol eras from one definition): each tool
 * registered with its zod schemas, annotations and, for tools with a view, `_meta.ui.resourceUri`
 * (ext-apps' registerAppTool also writes the deprecated flat `ui/resourceUri`); the two UI resources
 * with registerAppResource. Stateless: http.ts builds one server per request, so nothing per
 * request lives here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import { McpServer, type AuthInfo, type CacheHint, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { Caller } from '../http/caller';
import { isScope } from '../base/scopes';
import { runValidated, TOOLSET_VERSION, toolDescriptors, tools, type ToolAuth, type ToolContext, type ToolOutcome } from '../tools/registry';
import { getSettings } from '../base/settings';
import { serverInstructions } from '../tools/guide';
import { UI_MIME_TYPE, uiResourceList } from './ui-resources';

/**
 * serverInfo, from SITE_URL: the server card's `name`/`version` are these same values. The name is
 * reverse-DNS as the server card requires (`www.example.pl` → `pl.example/website`).
 */
const serverInfos = new Map<string, { name: string; title: string; version: string }>();
export function serverInfoFor(site = getSettings().SITE_URL): { name: string; title: string; version: string } {
  // Per SITE_URL, once: createMcpServer needs it for every server it builds.
  let info = serverInfos.get(site);
  if (!info) serverInfos.set(site, (info = buildServerInfo(site)));
  return info;
}

function buildServerInfo(site: string): { name: string; title: string; version: string } {
  const labels = new URL(site).hostname.replace(/^www\./, '').split('.').filter(Boolean).reverse();
  return { name: `${labels.join('.').replace(/[^a-zA-Z0-9.-]/g, '-') || 'localhost'}/website`, title: 'Website tools (articles, services, pricing, contact, booking)', version: TOOLSET_VERSION };
}

/** Written from the tools' roles and the booking flow (tools/guide.ts). */
export const SERVER_INSTRUCTIONS = serverInstructions();

/** An outcome of the registry as an MCP CallToolResult: readable text, the JSON, structuredContent. */
export function toCallToolResult(outcome: ToolOutcome): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: outcome.text }];
  if (outcome.data) content.push({ type: 'text', text: JSON.stringify(outcome.data) });
  return {
    content,
    ...(outcome.data ? { structuredContent: outcome.data } : {}),
    ...(outcome.isError ? { isError: true } : {}),
  };
}

/** The SDK's AuthInfo (set by the OAuth layer through handleMcp) as the registry's ToolAuth. */
export function toolAuthOf(authInfo: AuthInfo | undefined): ToolAuth | undefined {
  if (!authInfo) return undefined;
  const subject = typeof authInfo.extra?.sub === 'string' ? authInfo.extra.sub : authInfo.clientId;
  return { clientId: authInfo.clientId, subject, scopes: authInfo.scopes.filter(isScope) };
}

/**
 * The caller of the HTTP request being answered. The SDK passes only its own fields to a handler, so
 * http.ts runs each request inside this store and the tool handlers read the caller from it (its
 * budgets are spent by the tool's action).
 */
export const requestCaller = new AsyncLocalStorage<Caller | undefined>();

/** tools/list as published: computed once from the registry (same JSON Schemas as the discovery documents). */
let listed: Array<Record<string, unknown>> | undefined;
export function listedTools(): Array<Record<string, unknown>> {
  listed ??= toolDescriptors().map((descriptor) => ({
    name: descriptor.name,
    title: descriptor.title,
    description: descriptor.description,
    inputSchema: descriptor.inputSchema,
    outputSchema: descriptor.outputSchema,
    annotations: descriptor.annotations,
    _meta: {
      'io.site/scope': descriptor.scope,
      ...(descriptor.uiResourceUri ? { ui: { resourceUri: descriptor.uiResourceUri }, 'ui/resourceUri': descriptor.uiResourceUri } : {}),
    },
  }));
  return listed;
}

/** One JSON Schema validator for all servers: the SDK would build (and compile formats into) a new Ajv per server. */
let validator: AjvJsonSchemaValidator | undefined;

/**
 * How long a 2026-07-28 client may reuse a listing or a view (`ttlMs`, `cacheScope`): the registry
 * and the views change only with a deployment, the same for every caller, like the discovery
 * documents' `Cache-Control: public, max-age=300`.
 */
export const LIST_CACHE_HINT: CacheHint = { ttlMs: 300_000, cacheScope: 'public' };

/** What this server declares, in both eras: tools and resources, fixed lists (a stateless server never sends list_changed). */
export const SERVER_CAPABILITIES = { tools: { listChanged: false }, resources: { listChanged: false } } as const;

export function createMcpServer(context: Omit<ToolContext, 'channel' | 'signal' | 'auth'> = {}): McpServer {
  const server = new McpServer(serverInfoFor(), {
    capabilities: SERVER_CAPABILITIES,
    instructions: SERVER_INSTRUCTIONS,
    jsonSchemaValidator: (validator ??= new AjvJsonSchemaValidator()),
    cacheHints: {
      'tools/list': LIST_CACHE_HINT,
      'resources/list': LIST_CACHE_HINT,
      'resources/templates/list': LIST_CACHE_HINT,
      'resources/read': LIST_CACHE_HINT,
      'server/discover': LIST_CACHE_HINT,
    },
  });
  for (const tool of tools) {
    const config = {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: { title: tool.title, ...tool.annotations },
    };
    // The request id, the signal and the token come from the request being answered (the SDK's context).
    const handler = async (input: unknown, ctx: ServerContext): Promise<CallToolResult> => {
      const header = ctx.http?.req?.headers.get('x-request-id') ?? undefined;
      const requestId = context.requestId ?? header;
      return toCallToolResult(
        await runValidated(tool, input, {
          ...context,
          requestId,
          channel: 'mcp',
          signal: ctx.mcpReq.signal,
          auth: toolAuthOf(ctx.http?.authInfo),
          caller: requestCaller.getStore(),
        }),
      );
    };
    if (tool.ui) {
      registerAppTool(server, tool.name, { ...config, _meta: { ui: { resourceUri: tool.ui.resourceUri } } } as never, handler as never);
    } else {
      server.registerTool(tool.name, config as never, handler as never);
    }
  }
  for (const resource of uiResourceList) {
    registerAppResource(
      server,
      resource.name,
      resource.uri,
      { title: resource.title, description: resource.description, mimeType: UI_MIME_TYPE, _meta: resource.meta },
      async () => ({ contents: [{ uri: resource.uri, mimeType: UI_MIME_TYPE, text: resource.html, _meta: resource.meta }] }),
    );
  }
  // Registering sets listChanged: true; a stateless server never sends list_changed, so say so.
  server.server.registerCapabilities(SERVER_CAPABILITIES);
  // The listing is the registry's, computed once: converting every tool's zod schemas on every request is waste.
  server.server.setRequestHandler('tools/list', () => ({ tools: listedTools() as never }));
  return server;
}
