/**
 * What the documents say about tokens for one operation under this deployment's OAUTH_ENFORCEMENT
 * (/openapi.json security and descriptions, GET /api auth, the agent documents): taken from the
 * same table the middleware enforces, so documents and enforcement cannot drift.
 */
import type { Scope } from '../scopes';
import { tokenRequired, type Enforcement } from './enforce';
import { operationAuth } from './enforcement-table';

export interface AuthRequirement {
  /** never: public only; required: every request needs a token; optional: a token is used when sent; per-tool: depends on the MCP message. */
  requirement: 'never' | 'required' | 'optional' | 'per-tool';
  scopes: Scope[];
  /** One sentence for people and agents. */
  text: string;
}

export function authRequirement(path: string, method: string, enforcement: Enforcement): AuthRequirement {
  const auth = operationAuth(path, method);
  if (!auth || method === 'OPTIONS') return { requirement: 'never', scopes: [], text: 'Public: no token is needed or used.' };
  const scopes = auth.scope;
  const metadata = `/.well-known/oauth-protected-resource${path}`;
  if (auth.token === 'per-tool') {
    if (enforcement === 'all') {
      return { requirement: 'required', scopes, text: `Every request needs a bearer token on this deployment (OAUTH_ENFORCEMENT=all): mcp:read for initialize, listings and read tools, the tool's own scope (mcp:tools:inquiry, mcp:tools:booking) for write tools. Without it: 401 with WWW-Authenticate naming ${metadata}.` };
    }
    if (enforcement === 'write') {
      return { requirement: 'per-tool', scopes, text: `On this deployment (OAUTH_ENFORCEMENT=write) write tools need a bearer token with their scope (mcp:tools:inquiry or mcp:tools:booking); initialize, listings and read tools are public. A refused call gets 401 (or 403 insufficient_scope) with WWW-Authenticate naming ${metadata}.` };
    }
    return { requirement: 'optional', scopes, text: 'Public on this deployment (OAUTH_ENFORCEMENT=off): no token is needed. Deployments with write require a token for write tools; with all, for every request.' };
  }
  const level = auth.token!;
  if (tokenRequired(level, enforcement)) {
    return { requirement: 'required', scopes, text: `A bearer token with scope ${scopes.join(' or ')} is required on this deployment (OAUTH_ENFORCEMENT=${enforcement}). Without it: 401 with WWW-Authenticate naming ${metadata}; with another scope: 403 insufficient_scope.` };
  }
  return { requirement: 'optional', scopes, text: `Public on this deployment (OAUTH_ENFORCEMENT=${enforcement}); a token with scope ${scopes.join(' or ')} is used when sent, and required from OAUTH_ENFORCEMENT=${level} on.` };
}

/** One paragraph on the deployment's enforcement, for document headers and agent instructions. */
export function enforcementSummary(enforcement: Enforcement): string {
  switch (enforcement) {
    case 'off':
      return 'OAUTH_ENFORCEMENT=off: every endpoint is public, limited only by rate limits; tokens are optional (a request with a valid token is rate limited per client instead of per IP).';
    case 'write':
      return 'OAUTH_ENFORCEMENT=write: MCP write tools, POST /ask and the newsletter endpoints need a bearer token with their scope; MCP read tools, contact, consultation and chat stay public. A 401 names the protected-resource metadata in WWW-Authenticate; get tokens from /.well-known/oauth-authorization-server.';
    case 'all':
      return 'OAUTH_ENFORCEMENT=all: as write, and every MCP request (including GET /mcp, listings and read tools) needs a token with mcp:read or the tool scope; contact, consultation and chat stay public. A 401 names the protected-resource metadata in WWW-Authenticate; get tokens from /.well-known/oauth-authorization-server.';
  }
}
