/**
 * MCP over HTTP (Streamable HTTP, the revisions in protocol.ts, stateless) for /mcp, /api/mcp and
 * /.well-known/mcp. The SDK answers the methods this server offers, in the era each request belongs
 * to (2026-07-28 or the 2025 handshake); this layer answers, before it, what the site's specification
 * fixes and the SDK would answer otherwise (foreign Origin, batches, unknown or not offered methods,
 * missing params, unknown tools, bad Accept or MCP-Protocol-Version, GET asking for a standalone
 * stream): protocol.ts's `refusals`, with status and JSON-RPC code from errors.ts.
 *
 * A GET without MCP headers is content negotiation: JSON discovery, Markdown docs or SSE events.
 */
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/server';
import { jsonRpcError, toAppError, type HttpError, type RpcErrorBody, type RpcId } from '../base/errors';
import { readJson } from '../http/body';
import { jsonBytes } from '../http/respond';
import { logger } from '../base/log';
import { getTool, uiResources, type ToolScope } from '../tools/registry';
import { agentMarkdown, discoveryDocument, discoveryEvents } from './discovery';
import { originAllowed } from './origin';
import { sdkWarningsLogged } from './sdk-warnings';
import { BATCH_PROTOCOL_VERSION, MAX_BATCH_MESSAGES, notOfferedMethods, PROTOCOL_VERSIONS, refusals, supportedMethods } from './protocol';
import { createMcpServer, listedTools, requestCaller } from './server';
import type { Caller } from '../http/caller';
import { negotiate, preferredMediaType, mediaTypes, type Representation } from '../http/negotiate';

const supported = new Set<string>(supportedMethods);
const notOffered = new Set<string>(notOfferedMethods);

/** A JSON-RPC error (mapped in errors.ts) as the HTTP answer. */
export function rpcResponse({ status, headers, body }: HttpError<RpcErrorBody>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}

/**
 * A refusal answered before the handler (a spent rate limit) in the endpoint's JSON-RPC shape: the
 * error's status and headers (Retry-After), and the request's id when its body names one.
 */
export async function mcpRefusal(request: Request, error: unknown): Promise<Response> {
  let id: RpcId = null;
  if (request.method === 'POST') {
    try {
      id = idOf(await readJson(request));
    } catch {
      // Unreadable: answered with a null id, as JSON-RPC 2.0 prescribes.
    }
  }
  return rpcResponse(jsonRpcError(error, { id }));
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
      return new Response(render('markdown'), { headers: { ...headers, 'Content-Type': mediaTypes.markdown } });
    case 'sse':
      return new Response(render('sse'), {
        headers: {
          ...headers,
          'Content-Type': mediaTypes.sse,
          'Cache-Control': 'no-cache, no-transform',
          'X-Accel-Buffering': 'no',
        },
      });
    default:
      return new Response(render('json'), { headers: { ...headers, 'Content-Type': mediaTypes.json } });
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

/** Whether Accept admits JSON (absent, or a range that JSON matches without q=0); the answer is always JSON. */
function acceptsJson(accept: string | null): boolean {
  return preferredMediaType(accept, [mediaTypes.json]) !== undefined;
}

async function handlePost(request: Request, options: McpHandlerOptions): Promise<Response> {
  if (!acceptsJson(request.headers.get('accept'))) return rpcResponse(refusals.notAcceptable());

  let body: unknown;
  try {
    body = await readJson(request);
  } catch (error) {
    // Unreadable: no id to answer with, so the Origin refusal (if any) and the parse error carry null.
    if (!originAllowed(request)) return forbiddenOrigin(request, null);
    return rpcResponse(jsonRpcError(error));
  }
  // Every refusal from here on answers with the request's id when it was read (MCP forbids a null id).
  const id = idOf(body);
  if (!originAllowed(request)) return forbiddenOrigin(request, id);

  // The era is the SDK's decision: a request carrying 2026-07-28's `_meta` envelope (or naming that
  // revision) is modern, and the SDK answers its version, header and method errors in that revision's shapes.
  // It reads the body and the MCP headers only, so the request as sent will do.
  const legacy = await isLegacyRequest(request, body);

  const version = request.headers.get('mcp-protocol-version');
  if (legacy && version !== null && !PROTOCOL_VERSIONS.includes(version)) return rpcResponse(refusals.unsupportedVersion(version, id));
  if (Array.isArray(body)) return handleBatch(body, version, forwardedOf(request), request, options);
  const message = body as RpcMessage;
  const invalid = (why: string) => rpcResponse(refusals.invalid(why, id));
  const malformed = malformedMessage(message);
  if (malformed) return invalid(malformed);
  const hasId = 'id' in message;
  if (typeof message.method === 'string') {
    const method = message.method;
    // 2026-07-28 has no "not offered" answer: the SDK answers what this server lacks as unknown (404).
    if (legacy && !(!hasId && method.startsWith('notifications/'))) {
      if (notOffered.has(method)) return rpcResponse(refusals.notOffered(method, id));
      if (!supported.has(method)) return rpcResponse(refusals.unknownMethod(method, id));
    }
    const refused = dispatchRefusal(method, message.params, legacy, id);
    if (refused) return legacy ? rpcResponse(refused) : ((await modernRefusalFirst(request, body)) ?? rpcResponse(refused));
  }

  if (options.authorize) {
    const refusal = await options.authorize(scopeFor(message.method as string | undefined, message.params), request);
    if (refusal) return withId(refusal, id);
  }

  if (!legacy) return noStore(await answerModern(forwardedOf(request), body, options));

  // tools/list is the registry's fixed listing: its JSON (17 KB) is written once, and the answer is
  // that text around the request's id, byte for byte what the SDK would send (application/json).
  if (message.method === 'tools/list' && hasId) {
    // Bytes, not a string: a 17 KB string body is checked and encoded again on every response.
    const bytes = Buffer.concat([toolsListHead(), Buffer.from(`${JSON.stringify(message.id)}}`)]);
    return jsonBytes(bytes, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
  }
  return noStore(await answerLegacy(forwardedOf(request), body, options));
}

/**
 * What this layer refuses of a method the server offers, before the SDK would dispatch it: a
 * parameter it cannot do without, an unknown tool and (2025 era) an unknown resource.
 */
function dispatchRefusal(method: string, params: unknown, legacy: boolean, id: RpcId): HttpError<RpcErrorBody> | undefined {
  const missing = missingParam(method, params);
  if (missing) return refusals.invalidParams(method, missing, id);
  if (method === 'tools/call') {
    const name = (params as { name: string }).name;
    if (!getTool(name)) return refusals.unknownTool(name, id);
  }
  // 2026-07-28 answers an unknown resource with -32602 and `data.uri` (the SDK's); the 2025-era
  // specifications recommend -32002, answered here.
  if (legacy && method === 'resources/read') {
    const uri = (params as { uri: string }).uri;
    if (!resourceUris.has(uri)) return refusals.resourceNotFound(uri, id);
  }
  return undefined;
}
const resourceUris = new Set<string>(Object.values(uiResources));

/**
 * 2026-07-28 checks the revision and the SEP-2243 headers (`Mcp-Method`, `Mcp-Name`) before it
 * dispatches, so a request refused at dispatch (a missing parameter, an unknown tool) must pass those
 * first. The SDK's handler answers such a request without running anything: an answer other than 200
 * is one of its refusals before dispatch (400 -32020, -32022, …) and comes first; otherwise undefined.
 */
async function modernRefusalFirst(request: Request, body: unknown): Promise<Response | undefined> {
  const answer = await answerModern(forwardedOf(request), body, {});
  return answer.status === 200 ? undefined : noStore(answer);
}

/**
 * The request as the SDK's transports take it (they insist on both media types in Accept and on
 * application/json; the answer is JSON either way). Built only for what the SDK answers: tools/list
 * and the refusals above need none.
 */
function forwardedOf(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  return new Request(request.url, { method: 'POST', headers });
}

/** Why a message is not a JSON-RPC 2.0 request, notification or response, or undefined when it is one. */
function malformedMessage(message: RpcMessage): string | undefined {
  if (!message || typeof message !== 'object' || Array.isArray(message)) return 'the body must be a JSON-RPC 2.0 object.';
  if (message.jsonrpc !== '2.0') return '"jsonrpc" must be "2.0".';
  const hasId = 'id' in message;
  if (hasId && message.id === null) return '"id" must be a string or a number (MCP does not allow null).';
  if (hasId && typeof message.id !== 'string' && !Number.isInteger(message.id)) return '"id" must be a string or an integer.';
  if (message.method === undefined) {
    // A response to a server request: this server sends none, but the transport acknowledges it (202).
    return hasId && ('result' in message || 'error' in message) ? undefined : '"method" is required.';
  }
  if (typeof message.method !== 'string' || message.method === '') return '"method" must be a non-empty string.';
  if (message.params !== undefined && (typeof message.params !== 'object' || message.params === null || Array.isArray(message.params))) {
    return '"params" must be an object.';
  }
  return undefined;
}

/**
 * A JSON-RPC batch: part of 2025-03-26 only (a client of that revision may send one; a request
 * without MCP-Protocol-Version is taken as 2025-03-26, as the transport specification says). Each
 * message must be well formed and its scope granted; the SDK answers each one inside the batch.
 */
async function handleBatch(batch: unknown[], version: string | null, forwarded: Request, request: Request, options: McpHandlerOptions): Promise<Response> {
  if ((version ?? BATCH_PROTOCOL_VERSION) !== BATCH_PROTOCOL_VERSION) return rpcResponse(refusals.batch(version!));
  if (batch.length === 0) return rpcResponse(refusals.invalid('an empty batch is not a JSON-RPC request.'));
  if (batch.length > MAX_BATCH_MESSAGES) return rpcResponse(refusals.invalid(`a batch holds at most ${MAX_BATCH_MESSAGES} messages; send the rest in another.`));
  for (const message of batch as RpcMessage[]) {
    const malformed = malformedMessage(message);
    if (malformed) return rpcResponse(refusals.invalid(`batch message: ${malformed}`));
    if (message.method === 'initialize') return rpcResponse(refusals.invalid('initialize must not be part of a batch.', idOf(message)));
  }
  if (options.authorize) {
    for (const message of batch as RpcMessage[]) {
      const refusal = await options.authorize(scopeFor(message.method as string | undefined, message.params), request);
      if (refusal) return refusal;
    }
  }
  return noStore(await answerLegacy(forwarded, batch, options));
}

function noStore(response: Response): Response {
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * 2026-07-28: the SDK's per-request handler (no session, the `_meta` envelope, Mcp-Method/Mcp-Name,
 * cache hints, its error shapes). Its `legacy: 'reject'` leaves 2025-era traffic to answerLegacy.
 */
let modern: ReturnType<typeof createMcpHandler> | undefined;
function answerModern(forwarded: Request, body: unknown, options: McpHandlerOptions): Promise<Response> {
  modern ??= sdkWarningsLogged(() =>
    createMcpHandler(() => sdkWarningsLogged(createMcpServer), {
      legacy: 'reject',
      // Always one JSON body, as in the 2025 era: no tool here sends anything before its result (the
      // SDK warns about that choice once, into the log).
      responseMode: 'json',
      onerror: (error) => logger().warn({ err: error }, 'mcp modern refusal'),
    }),
  );
  const handler = modern;
  return requestCaller.run(options.caller, () => handler.fetch(forwarded, { parsedBody: body, authInfo: options.authInfo }));
}

/**
 * 2025-11-25 and older: the initialize handshake, answered statelessly (no Mcp-Session-Id), one
 * transport and one server per request, JSON answers.
 */
async function answerLegacy(forwarded: Request, body: unknown, options: McpHandlerOptions): Promise<Response> {
  const server = sdkWarningsLogged(createMcpServer);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await requestCaller.run(options.caller, () => transport.handleRequest(forwarded, { parsedBody: body, authInfo: options.authInfo }));
  } finally {
    await server.close().catch(() => undefined);
  }
}

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
    // Never a stack trace: an unexpected failure is a JSON-RPC error (internal, or storage_unavailable), logged with the request id.
    logger().error({ err: error, requestId: request.headers.get('x-request-id') ?? undefined }, 'mcp internal_error');
    return rpcResponse(jsonRpcError(toAppError(error)));
  }
}

async function route(request: Request, options: McpHandlerOptions): Promise<Response> {
  switch (request.method) {
    case 'POST':
      // The Origin check (DNS-rebinding protection) runs once the id can be read; GET discovery is public.
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

function forbiddenOrigin(request: Request, id: RpcId = null): Response {
  return rpcResponse(refusals.forbiddenOrigin(request.headers.get('origin'), id));
}

/** The OAuth layer's JSON-RPC refusal (401/403) answered with the id of the request it refuses. */
async function withId(refusal: Response, id: RpcId): Promise<Response> {
  if (id === null || !refusal.headers.get('content-type')?.startsWith('application/json')) return refusal;
  const body = (await refusal.json()) as RpcErrorBody;
  return new Response(JSON.stringify({ ...body, id }), { status: refusal.status, headers: refusal.headers });
}

/**
 * The parameter a request cannot do without, when it is missing or of the wrong type: answered
 * -32602 here, before the SDK's schema validation would answer with its raw issue list.
 */
function missingParam(method: string, params: unknown): string | undefined {
  const value = (key: string) => (params as Record<string, unknown> | undefined)?.[key];
  if (method === 'tools/call' && (typeof value('name') !== 'string' || value('name') === '')) return '"params.name" (the tool\'s name, a string)';
  if (method === 'tools/call' && value('arguments') !== undefined && (typeof value('arguments') !== 'object' || value('arguments') === null || Array.isArray(value('arguments')))) {
    return '"params.arguments" (an object)';
  }
  if (method === 'resources/read' && (typeof value('uri') !== 'string' || value('uri') === '')) return '"params.uri" (the resource\'s URI, a string)';
  return undefined;
}
