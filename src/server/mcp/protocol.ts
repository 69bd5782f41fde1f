/**
 * The MCP facts this server states, once: the protocol revisions it accepts, the methods it answers
 * and those MCP defines that it refuses, and every refusal of the transport (status, JSON-RPC error,
 * message). mcp/http.ts answers with these; the discovery documents, the server card, the manifest
 * and the OpenAPI description of /mcp quote them, so the documented examples are the real answers.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { fault, type HttpError, jsonRpcError, type RpcErrorBody, type RpcId, rpcRefusal } from '../base/errors';
import { listed, publishedMethods, supportedMethods } from '../schemas/mcp';
import { toolNames } from '../tools/registry';

/** The method lists are stated with the JSON-RPC shapes (schemas/mcp.ts); named here with the rest of the protocol. */
export { listed, publishedMethods, supportedMethods };

/**
 * The stateless revision (no initialize, `_meta` on every request, server/discover), which the SDK's
 * createMcpHandler serves; its server/discover lists exactly these (tests/unit/mcp.test.ts holds them equal).
 */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28'];
/** The initialize-handshake revisions, latest first (the SDK's list), answered by its stateless legacy transport. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;
/** Every revision accepted in MCP-Protocol-Version, latest first. */
export const PROTOCOL_VERSIONS: readonly string[] = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];
export const LATEST_PROTOCOL_VERSION = PROTOCOL_VERSIONS[0]!;
/** The latest revision an initialize handshake agrees on. */
export const LATEST_LEGACY_PROTOCOL_VERSION = LEGACY_PROTOCOL_VERSIONS[0]!;
/** The one revision with JSON-RPC batches (added in 2025-03-26, removed in 2025-06-18). */
export const BATCH_PROTOCOL_VERSION = '2025-03-26';
/** Messages in one batch at most: a batch is one HTTP request of the `mcp` rate limit, so it must not multiply it much. */
export const MAX_BATCH_MESSAGES = 10;

/** Methods MCP defines that this server does not offer publicly: 501. */
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
] as const;

/** Every refusal of the transport, built in one place (the answer and its documented example). */
export const refusals = {
  notAcceptable: (): HttpError<RpcErrorBody> =>
    rpcRefusal('not_acceptable', 'Not Acceptable: this endpoint answers application/json.', {
      data: { hint: 'Send Accept: application/json, text/event-stream.' },
    }),
  unsupportedVersion: (version: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('unsupported_protocol_version', `Unsupported MCP-Protocol-Version: ${version}.`, {
      id,
      data: { requested: version, supported: [...PROTOCOL_VERSIONS] },
    }),
  batch: (version: string = LATEST_LEGACY_PROTOCOL_VERSION): HttpError<RpcErrorBody> =>
    rpcRefusal(
      'batch_not_supported',
      `Invalid Request: JSON-RPC batches are part of MCP ${BATCH_PROTOCOL_VERSION} only, not of ${version}; send one message per POST.`,
      { data: { requested: version } },
    ),
  invalid: (why: string, id: RpcId = null): HttpError<RpcErrorBody> => rpcRefusal('invalid_request', `Invalid Request: ${why}`, { id }),
  notOffered: (method: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('not_offered', `Method not offered: ${method} is part of MCP but this server does not offer it publicly.`, {
      id,
      data: { method, supported: [...supportedMethods] },
    }),
  unknownMethod: (method: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('unknown_method', `Method not found: ${method}.`, { id, data: { method, supported: [...supportedMethods] } }),
  invalidParams: (method: string, missing: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('invalid_params', `Invalid params: ${method} needs ${missing}.`, { id, data: { method } }),
  unknownTool: (name: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('unknown_tool', `Unknown tool: ${name}.`, { id, data: { supported: toolNames } }),
  /** 2025 era: the code and `data.uri` its specifications recommend (2026-07-28's is the SDK's -32602). */
  resourceNotFound: (uri: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('resource_not_found', `Resource not found: ${uri}.`, { id, data: { uri } }),
  noStandaloneStream: (): HttpError<RpcErrorBody> =>
    rpcRefusal('no_standalone_stream', 'Method Not Allowed: this stateless server offers no standalone SSE stream; send requests with POST.', {
      headers: { Allow: 'POST' },
    }),
  forbiddenOrigin: (origin: string | null, id: RpcId = null): HttpError<RpcErrorBody> =>
    jsonRpcError(
      fault('forbidden_origin.mcp', { origin: String(origin) }),
      { id },
    ),
  methodNotAllowed: (method: string): HttpError<RpcErrorBody> =>
    jsonRpcError(
      fault('method_not_allowed.mcp', { method }, {
        headers: { Allow: 'GET, POST, OPTIONS' },
      }),
    ),
};
