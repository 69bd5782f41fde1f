/**
 * MCP over HTTP (Streamable HTTP, protocol revision 2025-11-25, stateless) for /mcp, /api/mcp and
 * /.well-known/mcp. The SDK transport answers the methods this server offers; this layer answers,
 * before it, what the site's specification fixes and the SDK would answer otherwise:
 *
 * | case                                             | status | JSON-RPC error                          |
 * |--------------------------------------------------|--------|-----------------------------------------|
 * | Origin present, not the site's or the request's  | 403    | -32000, data.reason forbidden_origin    |
 * | body not JSON                                    | 400    | -32700 parse_error                      |
 * | batch (array), not an object, no/invalid method  | 400    | -32600 batch_not_supported / invalid_request |
 * | MCP-Protocol-Version not supported               | 400    | -32600 unsupported_protocol_version (+ data.supported) |
 * | method unknown to MCP                            | 404    | -32601 unknown_method (+ data.supported) |
 * | method MCP defines, not offered here             | 501    | -32601 not_offered (+ data.supported)   |
 * | tools/call of a tool that does not exist         | 200    | -32602 (MCP: protocol error, not a tool result) |
 * | Content-Type not JSON / body > 32 KiB            | 415/413| -32600                                  |
 * | Accept excludes application/json                 | 406    | -32600 not_acceptable                   |
 * | GET with MCP-Protocol-Version or Mcp-Session-Id  | 405    | -32000 no_standalone_stream, Allow: POST |
 * | other HTTP methods                               | 405    | -32000 method_not_allowed               |
 *
 * A GET without MCP headers is content negotiation: JSON discovery, Markdown docs or SSE events.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../errors';
import { readJson } from '../http/body';
import { getSettings } from '../settings';
import { getTool, toolNames, type ToolScope } from '../tools/registry';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { agentMarkdown, discoveryDocument, discoveryEvents } from './discovery';
import { createMcpServer } from './server';

/** Requests this server answers (through the SDK). */
export const supportedMethods = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
] as const;

/** Methods MCP defines (2025-11-25, and 2026-07-28's server/discover) that this server does not offer publicly: 501. */
export const notOfferedMethods = [
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
  'sampling/createMessage',
  'elicitation/create',
  'roots/list',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
  'server/discover',
] as const;

const supported = new Set<string>(supportedMethods);
const notOffered = new Set<string>(notOfferedMethods);

type RpcId = string | number | null;

interface RpcErrorOptions {
  id?: RpcId;
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A JSON-RPC error response with an HTTP status. */
export function rpcError(status: number, code: number, message: string, options: RpcErrorOptions = {}): Response {
  const body = {
    jsonrpc: '2.0',
    id: options.id ?? null,
    error: { code, message, ...(options.data ? { data: options.data } : {}) },
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...options.headers },
  });
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
  return parsed.origin === new URL(siteUrl).origin;
}

// ------------------------------------------------------------------ GET: content negotiation

type Representation = 'json' | 'markdown' | 'sse';
const representations: Array<[Representation, string]> = [
  ['json', 'application/json'],
  ['markdown', 'text/markdown'],
  ['sse', 'text/event-stream'],
];

/** Picks the representation by Accept (q-values, most specific range wins); JSON otherwise. */
export function negotiate(accept: string | null): Representation {
  if (!accept) return 'json';
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    return { range: range.trim(), quality: Number.isFinite(quality) ? quality : 0 };
  });
  let best: { kind: Representation; quality: number; specificity: number } = { kind: 'json', quality: 0, specificity: -1 };
  for (const [kind, type] of representations) {
    let quality = -1;
    let specificity = -1;
    for (const { range, quality: q } of ranges) {
      const rangeSpecificity = range === type ? 2 : range === `${type.split('/')[0]}/*` ? 1 : range === '*/*' ? 0 : -1;
      if (rangeSpecificity > specificity) {
        specificity = rangeSpecificity;
        quality = q;
      }
    }
    if (quality > best.quality || (quality === best.quality && quality > 0 && specificity > best.specificity)) {
      best = { kind, quality, specificity };
    }
  }
  return best.quality > 0 ? best.kind : 'json';
}

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

interface RpcMessage {
  jsonrpc: '2.0';
  id?: RpcId;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

function idOf(value: unknown): RpcId {
  if (value && typeof value === 'object' && 'id' in value) {
    const id = (value as { id: unknown }).id;
    if (typeof id === 'string' || Number.isInteger(id)) return id as RpcId;
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
  if (!acceptsJson(request.headers.get('accept'))) {
    return rpcError(406, -32600, 'Not Acceptable: this endpoint answers application/json.', {
      data: { reason: 'not_acceptable', hint: 'Send Accept: application/json, text/event-stream.' },
    });
  }
  const version = request.headers.get('mcp-protocol-version');
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return rpcError(400, -32600, `Unsupported MCP-Protocol-Version: ${version}.`, {
      data: { reason: 'unsupported_protocol_version', requested: version, supported: [...SUPPORTED_PROTOCOL_VERSIONS] },
    });
  }

  let body: unknown;
  try {
    body = await readJson(request);
  } catch (error) {
    const appError = error as AppError;
    if (appError.code === 'invalid_json') return rpcError(400, -32700, `Parse error: ${appError.message}`, { data: { reason: 'parse_error' } });
    return rpcError(appError.status ?? 400, -32600, appError.message, { data: { reason: appError.code, hint: appError.hint } });
  }

  if (Array.isArray(body)) {
    return rpcError(400, -32600, 'Invalid Request: JSON-RPC batches are not supported (removed from MCP in 2025-06-18); send one message per POST.', {
      data: { reason: 'batch_not_supported' },
    });
  }
  const message = body as RpcMessage;
  const invalid = (why: string) => rpcError(400, -32600, `Invalid Request: ${why}`, { id: idOf(body), data: { reason: 'invalid_request' } });
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
    const id = hasId ? (message.id as RpcId) : null;
    const isNotification = !hasId;
    if (!(isNotification && method.startsWith('notifications/'))) {
      if (notOffered.has(method)) {
        return rpcError(501, -32601, `Method not offered: ${method} is part of MCP but this server does not offer it publicly.`, {
          id,
          data: { reason: 'not_offered', method, supported: [...supportedMethods] },
        });
      }
      if (!supported.has(method)) {
        return rpcError(404, -32601, `Method not found: ${method}.`, { id, data: { reason: 'unknown_method', method, supported: [...supportedMethods] } });
      }
    }
    if (method === 'tools/call') {
      const name = (message.params as { name?: unknown } | undefined)?.name;
      if (typeof name === 'string' && !getTool(name)) {
        return rpcError(200, -32602, `Unknown tool: ${name}.`, { id, data: { reason: 'unknown_tool', supported: toolNames } });
      }
    }
  }

  if (options.authorize) {
    const refusal = await options.authorize(scopeFor(message.method, message.params), request);
    if (refusal) return refusal;
  }

  // The transport insists on both media types in Accept and on application/json; the answer is JSON either way.
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  const forwarded = new Request(request.url, { method: 'POST', headers });

  const server = createMcpServer({ requestId: request.headers.get('x-request-id') ?? undefined });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(forwarded, { parsedBody: body, authInfo: options.authInfo });
    response.headers.set('Cache-Control', 'no-store');
    return response;
  } finally {
    void server.close();
  }
}

// ------------------------------------------------------------------ entry point

export async function handleMcp(request: Request, options: McpHandlerOptions = {}): Promise<Response> {
  try {
    return await route(request, options);
  } catch (error) {
    // Never a stack trace: an unexpected failure is a JSON-RPC internal error, logged with the request id.
    console.error('[mcp internal_error]', request.headers.get('x-request-id') ?? '', error);
    return rpcError(500, -32603, 'Internal error.', { data: { reason: 'internal_error', hint: 'Retry once; if it persists, report the X-Request-Id header value.' } });
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
      return rpcError(405, -32000, `Method Not Allowed: ${request.method}. Use GET (discovery) or POST (JSON-RPC).`, {
        headers: { Allow: 'GET, POST, OPTIONS' },
        data: { reason: 'method_not_allowed' },
      });
  }
}

async function get(request: Request, options: McpHandlerOptions): Promise<Response> {
  if (request.headers.has('mcp-protocol-version') || request.headers.has('mcp-session-id')) {
    if (!originAllowed(request)) return forbiddenOrigin(request);
    return rpcError(405, -32000, 'Method Not Allowed: this stateless server offers no standalone SSE stream; send requests with POST.', {
      headers: { Allow: 'POST' },
      data: { reason: 'no_standalone_stream' },
    });
  }
  if (options.authorize) {
    const refusal = await options.authorize('mcp:read', request);
    if (refusal) return refusal;
  }
  return discoveryResponse(request);
}

function forbiddenOrigin(request: Request): Response {
  return rpcError(403, -32000, `Forbidden: Origin ${request.headers.get('origin')} may not call this MCP server.`, {
    data: { reason: 'forbidden_origin', hint: "Call from the site's own origin, or from a server (no Origin header)." },
  });
}

// ------------------------------------------------------------------ well-known JSON documents

/** A generated JSON document: GET/HEAD only, strong ETag, 304 on If-None-Match, short public cache. */
export async function jsonDocument(request: Request, body: unknown, contentType = 'application/json; charset=utf-8'): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const { methodNotAllowed } = await import('../http/respond');
    return methodNotAllowed(['GET', 'HEAD', 'OPTIONS']);
  }
  const text = JSON.stringify(body, null, 2);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const etag = `"${Buffer.from(digest).toString('base64url').slice(0, 27)}"`;
  const headers = { 'Content-Type': contentType, ETag: etag, 'Cache-Control': 'public, max-age=300' };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : text, { headers });
}
