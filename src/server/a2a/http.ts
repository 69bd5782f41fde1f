/**
 * POST /a2a: A2A JSON-RPC over the official SDK (@a2a-js/sdk), without Express. What the SDK's
 * express `jsonRpcHandler` does, on a fetch Request: the Content-Type guard, the JSON body, the
 * `A2A-Version` header choosing the protocol (1.0 natively; 0.3, also when the header is absent,
 * through the SDK's compat handler, as its express adapter does), and the answer as JSON or, for
 * message/stream, as Server-Sent Events. Tasks live in the SDK's in-memory store: an answer is
 * complete in one message, so no task outlives its request.
 */
import { A2A_VERSION_HEADER, Extensions, formatSSEErrorEvent, formatSSEEvent, SSE_HEADERS } from '@a2a-js/sdk';
import { A2A_LEGACY_PROTOCOL_VERSION } from '@a2a-js/sdk/compat/v0_3';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { A2A_ERROR_CODE } from '@a2a-js/sdk/errors';
import {
  DefaultRequestHandler,
  defaultServerCallContextBuilder,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  UnauthenticatedUser,
  validateVersion,
} from '@a2a-js/sdk/server';
import { getCatalog } from '../catalog';
import { readJson } from '../http/body';
import { bodyLimits } from '../http/body-limits';
import { agentCardDocument, agentCardVersionOf, coreAgentCard, type AgentCardVersion } from './card';
import type { Caller } from '../http/caller';
import { constantDocument } from '../http/document';
import type { Handler } from '../http/endpoint';
import { CALLER_STATE_KEY, createAskExecutor } from './executor';

const MAX_BODY_BYTES = bodyLimits.a2a;

let handlers: Promise<{ requestHandler: DefaultRequestHandler; current: JsonRpcTransportHandler; legacy: LegacyJsonRpcTransportHandler }> | undefined;

function getHandlers() {
  handlers ??= getCatalog().then((catalog) => {
    const requestHandler = new DefaultRequestHandler(coreAgentCard(catalog), new InMemoryTaskStore(), createAskExecutor());
    return { requestHandler, current: new JsonRpcTransportHandler(requestHandler), legacy: new LegacyJsonRpcTransportHandler(requestHandler) };
  });
  return handlers;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
const rpcError = (id: unknown, error: { code: number; message: string; data?: unknown }) => ({ jsonrpc: '2.0', id: id ?? null, error });

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}

/** `caller`: whose budgets the answer spends (the middleware's), carried to the executor in the call's state. */
export async function handleA2a(request: Request, caller?: Caller): Promise<Response> {
  const contentType = request.headers.get('content-type');
  if (contentType && contentType.split(';', 1)[0]!.trim().toLowerCase() !== 'application/json') {
    return json(rpcError(null, { code: A2A_ERROR_CODE.INVALID_REQUEST, message: `Unsupported Content-Type "${contentType}"; expected application/json.` }));
  }
  let body: unknown;
  try {
    body = await readJson(request, { limit: MAX_BODY_BYTES });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'payload_too_large') return json(rpcError(null, { code: A2A_ERROR_CODE.INVALID_REQUEST, message: `The request is larger than ${MAX_BODY_BYTES / 1024} KiB.` }), 413);
    // Valid JSON, but nested too deep to be handed to the SDK (body.ts MAX_JSON_DEPTH).
    if (code === 'validation_failed') return json(rpcError(null, { code: A2A_ERROR_CODE.INVALID_REQUEST, message: (error as Error).message }), 400);
    return json(rpcError(null, { code: A2A_ERROR_CODE.PARSE_ERROR, message: 'Invalid JSON payload.' }));
  }
  const id = (body as { id?: unknown } | null)?.id;
  const requestedVersion = request.headers.get(A2A_VERSION_HEADER) || undefined;
  const useLegacy = (requestedVersion ?? A2A_LEGACY_PROTOCOL_VERSION) === A2A_LEGACY_PROTOCOL_VERSION;
  const mapError = useLegacy ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError : JsonRpcTransportHandler.mapToJSONRPCError;
  try {
    const { requestHandler, current, legacy } = await getHandlers();
    const context = defaultServerCallContextBuilder({
      extensions: Extensions.parseServiceParameter(request.headers.get('A2A-Extensions') ?? undefined),
      user: new UnauthenticatedUser(),
      headers: Object.fromEntries(request.headers),
      requestedVersion,
    });
    if (caller) context.state.set(CALLER_STATE_KEY, caller);
    validateVersion(context.requestedVersion, await requestHandler.getAgentCard(), 'JSONRPC');
    const result = await (useLegacy ? legacy : current).handle(body as Record<string, unknown>, context);
    if (!isAsyncIterable(result)) return json(result);

    const iterator = result[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    return new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = await iterator.next();
            if (next.done || request.signal.aborted) controller.close();
            else controller.enqueue(encoder.encode(formatSSEEvent(next.value)));
          } catch (error) {
            controller.enqueue(encoder.encode(formatSSEErrorEvent(rpcError(id, mapError(error)))));
            controller.close();
          }
        },
        async cancel() {
          await iterator.return?.();
        },
      }),
      { headers: { ...SSE_HEADERS, 'X-Accel-Buffering': 'no' } },
    );
  } catch (error) {
    const mapped = mapError(error);
    return json(rpcError(id, mapped), mapped.code === A2A_ERROR_CODE.INTERNAL_ERROR ? 500 : 200);
  }
}

/**
 * GET of the agent card (both locations): the card of the version the request's `A2A-Version` asks
 * for, each a constant document with its own ETag; `Vary: A2A-Version` keeps caches from mixing them.
 */
const cards: Record<AgentCardVersion, Handler> = {
  '1.0': constantDocument(async () => agentCardDocument(await getCatalog(), '1.0')),
  '0.3': constantDocument(async () => agentCardDocument(await getCatalog(), '0.3')),
};
export const agentCardHandler: Handler = async (context) => {
  const response = await cards[agentCardVersionOf(context.request)](context);
  response.headers.append('Vary', 'A2A-Version');
  return response;
};
