/**
 * Bearer enforcement (RFC 6750 §3): whether an operation needs a token
 * under this OAUTH_ENFORCEMENT, whether the presented one will do, and the 401/403 answer with
 * `WWW-Authenticate: Bearer resource_metadata="…"` pointing at the path's own metadata document
 * (RFC 9728 §5.1) so MCP clients can discover the authorization server from the refusal.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { fault, jsonRpcError } from '../base/errors';
import { errorResponse } from '../http/respond';
import type { McpHandlerOptions } from '../mcp/http';
import { isScope, type Scope } from '../base/scopes';
import { getSettings } from '../base/settings';
import type { ToolScope } from '../tools/registry';
import { protectedResources, type TokenLevel } from './enforcement-table';
import { acceptedAudiences, resourceMetadataUrl } from './metadata';
import { verifyAccessToken, type TokenAuth } from './tokens';

export type Enforcement = 'off' | 'write' | 'all';

/** What the request carried: nothing, something that is not a valid token of ours, or a valid token. */
export type Bearer = { kind: 'absent' } | { kind: 'invalid'; reason: string } | { kind: 'valid'; auth: TokenAuth };

export type Decision =
  | { allow: true; auth?: TokenAuth }
  | { allow: false; status: 401 | 403; error?: 'invalid_token' | 'insufficient_scope'; description: string; scope: Scope[] };

/** Whether a token is required: 'write' operations under write and all, 'all' operations under all only. */
export function tokenRequired(level: Exclude<TokenLevel, 'per-tool'> | undefined, enforcement: Enforcement): boolean {
  if (!level || enforcement === 'off') return false;
  return level === 'write' || enforcement === 'all';
}

/**
 * The decision for one operation. `scopes`: any one of them suffices (empty: any valid token);
 * `challenge`: the scopes a refusal asks for (default `scopes`).
 */
export function decide(
  bearer: Bearer,
  scopes: Scope[],
  level: Exclude<TokenLevel, 'per-tool'> | undefined,
  enforcement: Enforcement,
  challenge: Scope[] = scopes,
): Decision {
  // A token that was sent is checked whatever the enforcement (RFC 6750 §3.1, MCP authorization: an
  // invalid, expired or revoked token gets 401); only its absence depends on the enforcement.
  if (bearer.kind === 'invalid') return { allow: false, status: 401, error: 'invalid_token', description: bearer.reason, scope: challenge };
  if (!tokenRequired(level, enforcement)) return { allow: true, ...(bearer.kind === 'valid' ? { auth: bearer.auth } : {}) };
  if (bearer.kind === 'absent') return { allow: false, status: 401, description: 'A bearer token is required for this operation.', scope: challenge };
  if (scopes.length && !scopes.some((scope) => bearer.auth.scopes.includes(scope))) {
    // The challenge's scope is the whole set to authorize again with (MCP step-up, the specification's
    // recommended approach): what the token holds and what this operation needs, so a client that asks
    // for exactly it keeps what it had.
    const wanted = [...new Set([...bearer.auth.scopes.filter(isScope), ...scopes])];
    return {
      allow: false,
      status: 403,
      error: 'insufficient_scope',
      description: `The token lacks the scope ${scopes.join(' or ')}; authorize again with the scope ${wanted.join(' ')}.`,
      scope: wanted,
    };
  }
  return { allow: true, auth: bearer.auth };
}

/** The Authorization header as a Bearer; only the header counts (never the query string, RFC 9700 §2.6). */
export async function readBearer(request: Request, path: string): Promise<Bearer> {
  const header = request.headers.get('authorization');
  if (header === null) return { kind: 'absent' };
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) return { kind: 'invalid', reason: 'The Authorization header is not "Bearer <token>".' };
  const verification = await verifyAccessToken(match[1]!, acceptedAudiences(path));
  return verification.ok ? { kind: 'valid', auth: verification.auth } : { kind: 'invalid', reason: verification.reason };
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

export function wwwAuthenticate(decision: Extract<Decision, { allow: false }>, path: string): string {
  const parts = [`resource_metadata=${quoted(resourceMetadataUrl(path))}`];
  if (decision.scope.length) parts.push(`scope=${quoted(decision.scope.join(' '))}`);
  if (decision.error) parts.push(`error=${quoted(decision.error)}`, `error_description=${quoted(decision.description)}`);
  return `Bearer ${parts.join(', ')}`;
}

/** The refusal as the REST ErrorResponse (unauthorized / insufficient_scope) or as a JSON-RPC error for MCP. */
export function refusal(decision: Extract<Decision, { allow: false }>, path: string, format: 'rest' | 'mcp'): Response {
  const header = wwwAuthenticate(decision, path);
  const scope = decision.scope.join(' ');
  const headers = { 'WWW-Authenticate': header };
  const error =
    decision.status === 401
      ? fault('unauthorized.bearer', { reason: decision.description, metadata: resourceMetadataUrl(path), scope }, { headers })
      : fault('insufficient_scope.bearer', { reason: decision.description, scope }, { headers });
  if (format === 'rest') return errorResponse(error);
  const answer = jsonRpcError(error, { data: { scope: decision.scope.join(' ') } });
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...answer.headers } });
}

/**
 * The MCP handler's hook: each JSON-RPC message is checked against the scope it needs (a tool's
 * own scope for tools/call; mcp:read for listings and reads; any MCP scope for the rest). Write
 * tools need a token from `write` on, everything else only under `all`.
 */
export function mcpAuthorization(bearer: Bearer, path: string, enforcement: Enforcement = getSettings().OAUTH_ENFORCEMENT): McpHandlerOptions {
  const resourceScopes = protectedResources().find((resource) => resource.path === path.replace(/\/+$/, ''))?.scopes ?? [];
  return {
    authorize: (scope: ToolScope | undefined) => {
      const level = scope === undefined || scope === 'mcp:read' ? 'all' : 'write';
      const decision = decide(bearer, scope ? [scope] : [], level, enforcement, scope ? [scope] : resourceScopes);
      return decision.allow ? undefined : refusal(decision, path, 'mcp');
    },
    authInfo: bearer.kind === 'valid' ? authInfoOf(bearer.auth) : undefined,
  };
}

function authInfoOf(auth: TokenAuth): AuthInfo {
  const audience = auth.audience[0];
  return {
    token: auth.token,
    clientId: auth.clientId,
    scopes: auth.scopes,
    expiresAt: auth.expiresAt,
    ...(audience ? { resource: new URL(audience) } : {}),
    // `sub` is what the tool registry reads for ToolContext.auth.subject (mcp/server.ts toolAuthOf).
    extra: { sub: auth.subject },
  };
}
