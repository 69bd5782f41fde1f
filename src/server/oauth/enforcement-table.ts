/**
 * Which operations take a bearer token, with which scopes and from which OAUTH_ENFORCEMENT level:
 * read from the route table (`scope` and `token` of each operation), the same table that places
 * every operation in /openapi.json and GET /api, so documents and enforcement cannot drift.
 */
import { routeFor, routes, type TokenLevel } from '../http/route-table';
import type { Scope } from '../base/scopes';

export type { TokenLevel };

export interface OperationAuth {
  scope: Scope[];
  token: TokenLevel;
}

/** The auth facts of one operation; undefined: public only (no token is ever needed or used). HEAD follows GET. */
export function operationAuth(pathname: string, method: string): OperationAuth | undefined {
  const route = routeFor(pathname);
  if (!route) return undefined;
  const wanted = method.toUpperCase();
  const operation =
    route.operations.find((candidate) => candidate.method === wanted && candidate.token) ??
    (wanted === 'HEAD' ? route.operations.find((candidate) => candidate.method === 'GET') : undefined);
  return operation?.token ? { scope: operation.scope ?? [], token: operation.token } : undefined;
}

/** The protected resources (RFC 9728): each fixed path with an operation that can take a token, and its scopes. */
export function protectedResources(): ReadonlyArray<{ path: string; scopes: Scope[] }> {
  // The route table is constant: worked out once (the MCP handler asks on every request).
  return (resources ??= routes
    .filter((route) => !route.path.includes('[') && route.operations.some((operation) => operation.token))
    .map((route) => {
      const scopes = new Set(route.operations.flatMap((operation) => (operation.token ? (operation.scope ?? []) : [])));
      // POST /mcp is checked per tool: mcp:read (listings, read tools) is one of its scopes too.
      if (route.operations.some((operation) => operation.token === 'per-tool')) scopes.add('mcp:read');
      return { path: route.path, scopes: [...scopes] };
    }));
}
let resources: Array<{ path: string; scopes: Scope[] }> | undefined;
