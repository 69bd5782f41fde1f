/**
 * The MCP facts this server states, once: the protocol revisions it accepts, the methods it answers
 * and those MCP defines that it refuses, and every refusal of the transport (status, JSON-RPC error,
 * message). mcp/http.ts answers with these; the discovery documents, the server card, the manifest
 * and the OpenAPI description of /mcp quote them, so the documented examples are the real answers.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { fault, type HttpError, jsonRpcError, type RpcErrorBody, type RpcId, rpcRefusal } from '../errors';
import { toolNames } from '../tools/registry';

/** MCP revisions accepted in MCP-Protocol-Version and initialize, latest first (the SDK's list). */
export const PROTOCOL_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;
export const LATEST_PROTOCOL_VERSION = PROTOCOL_VERSIONS[0]!;

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

/** What a client sends and this server accepts, in the order a session meets them (for documents). */
export const publishedMethods = ['initialize', 'notifications/initialized', ...supportedMethods.slice(1)] as const;

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

/** "`a`, `b`, …" or "a, b, …": a list of methods or versions for prose. */
export function listed(values: readonly string[], code = false): string {
  return values.map((value) => (code ? `\`${value}\`` : value)).join(', ');
}

/** Every refusal of the transport, built in one place (the answer and its documented example). */
export const refusals = {
  notAcceptable: (): HttpError<RpcErrorBody> =>
    rpcRefusal('not_acceptable', 'Not Acceptable: this endpoint answers application/json.', {
      data: { hint: 'Send Accept: application/json, text/event-stream.' },
    }),
  unsupportedVersion: (version: string): HttpError<RpcErrorBody> =>
    rpcRefusal('unsupported_protocol_version', `Unsupported MCP-Protocol-Version: ${version}.`, {
      data: { requested: version, supported: [...PROTOCOL_VERSIONS] },
    }),
  batch: (): HttpError<RpcErrorBody> =>
    rpcRefusal('batch_not_supported', 'Invalid Request: JSON-RPC batches are not supported (removed from MCP in 2025-06-18); send one message per POST.'),
  invalid: (why: string, id: RpcId = null): HttpError<RpcErrorBody> => rpcRefusal('invalid_request', `Invalid Request: ${why}`, { id }),
  notOffered: (method: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('not_offered', `Method not offered: ${method} is part of MCP but this server does not offer it publicly.`, {
      id,
      data: { method, supported: [...supportedMethods] },
    }),
  unknownMethod: (method: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('unknown_method', `Method not found: ${method}.`, { id, data: { method, supported: [...supportedMethods] } }),
  unknownTool: (name: string, id: RpcId = null): HttpError<RpcErrorBody> =>
    rpcRefusal('unknown_tool', `Unknown tool: ${name}.`, { id, data: { supported: toolNames } }),
  noStandaloneStream: (): HttpError<RpcErrorBody> =>
    rpcRefusal('no_standalone_stream', 'Method Not Allowed: this stateless server offers no standalone SSE stream; send requests with POST.', {
      headers: { Allow: 'POST' },
    }),
  forbiddenOrigin: (origin: string | null): HttpError<RpcErrorBody> =>
    jsonRpcError(
      fault('forbidden_origin.mcp', { origin: String(origin) }),
    ),
  methodNotAllowed: (method: string): HttpError<RpcErrorBody> =>
    jsonRpcError(
      fault('method_not_allowed.mcp', { method }, {
        headers: { Allow: 'GET, POST, OPTIONS' },
      }),
    ),
};
