/**
 * What the documents say about tokens for one operation under this deployment's OAUTH_ENFORCEMENT
 * (/openapi.json security and descriptions, GET /api auth, the agent documents): taken from the
 * same table the middleware enforces, so documents and enforcement cannot drift.
 */
import type { Scope } from '../base/scopes';
import { tokenRequired, type Enforcement } from './enforce';
import { operationAuth } from './enforcement-table';
import { routePaths } from '../base/urls';

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
  const metadata = `${routePaths.protectedResource}${path}`;
  if (auth.token === 'per-tool') {
    if (enforcement === 'all') {
      // Listings and read tools need mcp:read, write tools their own scope: any one of them opens the door.
      return { requirement: 'required', scopes: ['mcp:read', ...scopes.filter((scope) => scope !== 'mcp:read')], text: `Every request needs a bearer token on this deployment (OAUTH_ENFORCEMENT=all): mcp:read for initialize, listings and read tools, the tool's own scope (mcp:tools:inquiry, mcp:tools:booking) for write tools. Without it: 401 with WWW-Authenticate naming ${metadata}.` };
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
      return 'OAUTH_ENFORCEMENT=write: MCP write tools, POST /ask and the newsletter endpoints need a bearer token with their scope; MCP read tools, contact, consultation and chat stay public. A 401 names the protected-resource metadata in WWW-Authenticate; get tokens from /.well-known/oauth-authorization-server. A registered client gets its code only after a person allows it on the consent page (the authorize endpoint\'s JSON answer says approval_required and gives approve_at).';
    case 'all':
      return 'OAUTH_ENFORCEMENT=all: as write, and every MCP request (including GET /mcp, listings and read tools) needs a token with mcp:read or the tool scope; contact, consultation and chat stay public. A 401 names the protected-resource metadata in WWW-Authenticate; get tokens from /.well-known/oauth-authorization-server. A registered client gets its code only after a person allows it on the consent page (the authorize endpoint\'s JSON answer says approval_required and gives approve_at).';
  }
}

/** The limits an OAuth client meets on this deployment (settings), quoted by the agent documents. */
export interface OAuthClientLimits {
  registrationsPerHour: number;
  codesPerHour: number;
  unusedClientSeconds: number;
}

/** How an agent gets a token on this deployment: the steps, who must approve, and the limits on the way. */
export function tokenHowTo(enforcement: Enforcement, limits: OAuthClientLimits): string {
  const steps =
    'On a 401, read resource_metadata from WWW-Authenticate, register (registration_endpoint, RFC 7591) unless you have a client, run the code flow with PKCE S256 and resource set to the protected resource, then send Authorization: Bearer <token>.';
  const person =
    enforcement === 'off'
      ? ' The authorize endpoint answers a client that does not ask for HTML with the code as JSON.'
      : ' A registered client gets its code only after a person approves: the authorize endpoint\'s JSON answer is {"approval_required": true, "approve_at": …} instead of a code; ask the person you act for to open approve_at in a browser and press Allow, and the code arrives at your redirect_uri with your state. Do not press Allow yourself.';
  const hours = Math.round((limits.unusedClientSeconds / 3600) * 10) / 10;
  return (
    steps +
    person +
    ` Registrations are limited to ${limits.registrationsPerHour} and codes to ${limits.codesPerHour} per hour per IP (429 with Retry-After past either). A registered client that obtains no token within ${hours} h is forgotten, and one unused for 30 days after its last token too: on invalid_client, register again. Keep using your refresh token instead of asking for new codes.` +
    " Servers with the site's client credentials use grant_type=client_credentials. Per-operation scopes are in /openapi.json."
  );
}
