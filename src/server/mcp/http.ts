/**
 * MCP over HTTP (Streamable HTTP, the revisions in protocol.ts, stateless) for /mcp, /api/mcp and
 * /.well-known/mcp. The SDK transport answers the methods this server offers; this layer answers,
 * before it, what the site's specification fixes and the SDK would answer otherwise (foreign
 * Origin, batches, unknown or not offered methods, unknown tools, bad Accept or MCP-Protocol-Version,
 * GET asking for a standalone stream): protocol.ts's `refusals`, with status and JSON-RPC code
 * from errors.ts.
 *
 * A GET without MCP headers is content negotiation: JSON discovery, Markdown docs or SSE events.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { AppError, jsonRpcError, type HttpError, type RpcErrorBody, type RpcId } from '../errors';
import { readJson } from '../http/body';
import { jsonBytes } from '../http/respond';
import { logger } from '../log';
import { getSettings } from '../settings';
import { getTool, type ToolScope } from '../tools/registry';
import { agentMarkdown, discoveryDocument, discoveryEvents } from './discovery';
import { notOfferedMethods, PROTOCOL_VERSIONS, refusals, supportedMethods } from './protocol';
import { createMcpServer, listedTools, requestCaller } from './server';
import type { Caller } from '../http/caller';
import { negotiate, type Representation } from '../http/negotiate';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const supported = new Set<string>(supportedMethods);
const notOffered = new Set<string>(notOfferedMethods);

/** A JSON-RPC error (mapped in errors.ts) as the HTTP answer. */
export function rpcResponse({ status, headers, body }: HttpError<RpcErrorBody>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}

// ------------------------------------------------------------------ Origin (DNS-rebinding protection)

/**
 * Allowed: no Origin (server-side clients send none) or the origin of SITE_URL. An Origin that merely
 * matches the request's Host is refused: a DNS-rebinding page sends exactly that pair.
 */
export function originAllowed(request: Request, siteUrl = getSettings().SITE_URL): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file://) and garbage
  }
  return parsed.origin === originOf(siteUrl);
}

const origins = new Map<string, string>();
/** SITE_URL's origin, parsed once (it is fixed for the life of the process). */
function originOf(url: string): string {
  let origin = origins.get(url);
  if (origin === undefined) origins.set(url, (origin = new URL(url).origin));
  return origin;
}

// ------------------------------------------------------------------ GET: content negotiation

/** The three representations depend only on the registry and the settings: built once per process. */
const rendered = new Map<Representation, string>();
function render(kind: Representation): string {
  let text = rendered.get(kind);
  if (text === undefined) {
    text = kind === 'markdown' ? agentMarkdown() : kind === 'sse' ? discoveryEvents() : JSON.stringify(discoveryDocument());
    rendered.set(kind, text);
  }
  return text;
}

function discoveryResponse(request: Request): Response {
  const headers: Record<string, string> = { Vary: 'Accept', 'Cache-Control': 'public, max-age=300' };
  switch (negotiate(request.headers.get('accept'))) {
    case 'markdown':
      return new Response(render('markdown'), { headers: { ...headers, 'Content-Type': 'text/markdown; charset=utf-8' } });
    case 'sse':
      return new Response(render('sse'), {
        headers: {
          ...headers,
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          'X-Accel-Buffering': 'no',
        },
      });
    default:
      return new Response(render('json'), { headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
  }
}

// ------------------------------------------------------------------ authorization hook

/**
 * How the OAuth layer plugs in without this module knowing tokens: `authorize` gets the scope a
 * request needs (undefined: none) and answers a Response (401/403 with WWW-Authenticate) to stop it,
 * or nothing to let it run; `authInfo` reaches the tool handlers through the SDK.
 */
export interface McpHandlerOptions {
  authorize?: (scope: ToolScope | undefined, request: Request) => Response | undefined | Promise<Response | undefined>;
  authInfo?: AuthInfo;
  /** Whose budgets the tools spend (the middleware's caller). */
  caller?: Caller;
}

/** The scope a JSON-RPC message needs: a tool's own scope for tools/call, mcp:read for listings and reads. */
export function scopeFor(method: string | undefined, params: unknown): ToolScope | undefined {
  if (method === 'tools/call') {
    const name = (params as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' ? getTool(name)?.scope : undefined;
  }
  if (method === 'tools/list' || method?.startsWith('resources/')) return 'mcp:read';
  return undefined;
}

// ------------------------------------------------------------------ POST: JSON-RPC

/** An incoming message before validation: any of the SDK's JSON-RPC envelopes, fields still unchecked. */
type RpcMessage = Partial<Record<'jsonrpc' | 'id' | 'method' | 'params' | 'result' | 'error', unknown>> & Partial<JSONRPCMessage>;

function idOf(value: unknown): RpcId {
  if (value && typeof value === 'object' && 'id' in value) {
    const id = (value as { id: unknown }).id;
    if (typeof id === 'string' || Number.isInteger(id)) return id as RequestId;
  }
  return null;
}

/** Whether Accept admits JSON (absent, any type, application wildcard or application/json); the answer is always JSON. */
function acceptsJson(accept: string | null): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => {
    const [range = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    return ['application/json', 'application/*', '*/*'].includes(range.trim());
  });
}

async function handlePost(request: Request, options: McpHandlerOptions): Promise<Response> {
  if (!acceptsJson(request.headers.get('accept'))) return rpcResponse(refusals.notAcceptable());
  const version = request.headers.get('mcp-protocol-version');
  if (version !== null && !PROTOCOL_VERSIONS.includes(version)) return rpcResponse(refusals.unsupportedVersion(version));

  let body: unknown;
  try {
    body = await readJson(request);
  } catch (error) {
    return rpcResponse(jsonRpcError(error));
  }

  if (Array.isArray(body)) return rpcResponse(refusals.batch());
  const message = body as RpcMessage;
  const invalid = (why: string) => rpcResponse(refusals.invalid(why, idOf(body)));
  if (!message || typeof message !== 'object') return invalid('the body must be a JSON-RPC 2.0 object.');
  if (message.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0".');
  const hasId = 'id' in message;
  if (hasId && message.id === null) return invalid('"id" must be a string or a number (MCP does not allow null).');
  if (hasId && typeof message.id !== 'string' && !Number.isInteger(message.id)) return invalid('"id" must be a string or an integer.');
  if (message.method === undefined) {
    // A response to a server request: this server sends none, but the transport acknowledges it (202).
    if (!hasId || !('result' in message || 'error' in message)) return invalid('"method" is required.');
  } else {
    if (typeof message.method !== 'string' || message.method === '') return invalid('"method" must be a non-empty string.');
    if (message.params !== undefined && (typeof message.params !== 'object' || message.params === null || Array.isArray(message.params))) {
      return invalid('"params" must be an object.');
    }
    const method = message.method;
    const id = hasId ? (message.id as RequestId) : null;
    const isNotification = !hasId;
    if (!(isNotification && method.startsWith('notifications/'))) {
      if (notOffered.has(method)) return rpcResponse(refusals.notOffered(method, id));
      if (!supported.has(method)) return rpcResponse(refusals.unknownMethod(method, id));
    }
    if (method === 'tools/call') {
      const name = (message.params as { name?: unknown } | undefined)?.name;
      if (typeof name === 'string' && !getTool(name)) return rpcResponse(refusals.unknownTool(name, id));
    }
  }

  if (options.authorize) {
    const refusal = await options.authorize(scopeFor(message.method as string | undefined, message.params), request);
    if (refusal) return refusal;
  }

  // tools/list is the registry's fixed listing: its JSON (17 KB) is written once, and the answer is
  // that text around the request's id, byte for byte what the SDK would send (application/json).
  if (message.method === 'tools/list' && hasId) {
    // Bytes, not a string: a 17 KB string body is checked and encoded again on every response.
    const bytes = Buffer.concat([toolsListHead(), Buffer.from(`${JSON.stringify(message.id)}}`)]);
    return jsonBytes(bytes, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
  }

  // The transport insists on both media types in Accept and on application/json; the answer is JSON either way.
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  const forwarded = new Request(request.url, { method: 'POST', headers });

  // A stateless transport serves one request; the server (nine tools, two resources registered) is
  // reused: taken from the idle pool, connected, closed and returned. The request id reaches the tools
  // through the SDK's requestInfo (server.ts), so a pooled server carries nothing from one request to the next.
  const server = idleServers.pop() ?? createMcpServer();
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await requestCaller.run(options.caller, () =>
      transport.handleRequest(forwarded, { parsedBody: body, authInfo: options.authInfo }),
    );
    response.headers.set('Cache-Control', 'no-store');
    return response;
  } finally {
    await server.close().catch(() => undefined);
    if (idleServers.length < MAX_IDLE_SERVERS) idleServers.push(server);
  }
}

/** Servers not answering anything now; the pool grows to the concurrency seen, up to this many. */
const MAX_IDLE_SERVERS = 64;
const idleServers: McpServer[] = [];

/** The tools/list answer up to its id, encoded once. */
let toolsListBytes: Buffer | undefined;
function toolsListHead(): Buffer {
  return (toolsListBytes ??= Buffer.from(`{"result":${JSON.stringify({ tools: listedTools() })},"jsonrpc":"2.0","id":`));
}

// ------------------------------------------------------------------ entry point

export async function handleMcp(request: Request, options: McpHandlerOptions = {}): Promise<Response> {
  try {
    return await route(request, options);
  } catch (error) {
    // Never a stack trace: an unexpected failure is a JSON-RPC internal error, logged with the request id.
    logger().error({ err: error, requestId: request.headers.get('x-request-id') ?? undefined }, 'mcp internal_error');
    return rpcResponse(jsonRpcError(new AppError('internal_error', undefined, { cause: error })));
  }
}

async function route(request: Request, options: McpHandlerOptions): Promise<Response> {
  switch (request.method) {
    case 'POST':
      // DNS-rebinding protection guards the protocol; GET discovery is public, cross-origin data.
      if (!originAllowed(request)) return forbiddenOrigin(request);
      return handlePost(request, options);
    case 'GET':
    case 'HEAD': {
      // Every GET answer varies by Accept, refusals included, so caches never mix representations.
      const response = await get(request, options);
      if (!response.headers.get('vary')?.toLowerCase().includes('accept')) response.headers.append('Vary', 'Accept');
      return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
    }
    default:
      return rpcResponse(refusals.methodNotAllowed(request.method));
  }
}

async function get(request: Request, options: McpHandlerOptions): Promise<Response> {
  if (request.headers.has('mcp-protocol-version') || request.headers.has('mcp-session-id')) {
    if (!originAllowed(request)) return forbiddenOrigin(request);
    return rpcResponse(refusals.noStandaloneStream());
  }
  if (options.authorize) {
    const refusal = await options.authorize('mcp:read', request);
    if (refusal) return refusal;
  }
  return discoveryResponse(request);
}

function forbiddenOrigin(request: Request): Response {
  return rpcResponse(refusals.forbiddenOrigin(request.headers.get('origin')));
}
