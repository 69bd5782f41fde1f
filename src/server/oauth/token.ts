/**
 * The token endpoint (RFC 6749 §3.2, §4.1.3, §4.4, §6): authorization_code with PKCE,
 * client_credentials for the confidential client, refresh_token with rotation. Form-encoded or
 * JSON bodies. Errors are RFC 6749 §5.2 bodies; invalid_client is 401 with WWW-Authenticate.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../base/errors';
import { readJson } from '../http/body';
import { bodyLimits } from '../http/body-limits';
import { SCOPES, isScope, type Scope } from '../base/scopes';
import { findClient, markClientUsed, secretMatches, type OAuthClient } from './clients';
import { OAuthError, oauthJson } from './errors';
import { issueRefreshToken, peekRefreshToken, redeemCode, takeRefreshToken, type RefreshRecord } from './grants';
import { isOwnResource, issuer } from './metadata';
import { issueAccessToken } from './tokens';

const MAX_TOKEN_REQUEST_BYTES = bodyLimits.oauth;
const GRANT_TYPES = ['authorization_code', 'client_credentials', 'refresh_token'] as const;

export type Parameters = Record<string, string>;

export async function readParameters(request: Request): Promise<Parameters> {
  let body: unknown;
  try {
    body = await readJson(request, { allowForm: true, limit: MAX_TOKEN_REQUEST_BYTES });
  } catch (error) {
    throw new OAuthError('invalid_request.unreadable_body', { cause: error instanceof AppError ? error : undefined });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OAuthError('invalid_request.not_parameters');
  const parameters: Parameters = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new OAuthError('invalid_request.not_string', { name });
    parameters[name] = value;
  }
  return parameters;
}

/** Who is asking: the confidential client (Basic or body secret) or a public client (client_id only: registered, or a metadata document URL). */
export async function authenticate(request: Request, parameters: Parameters, clientKey?: string): Promise<OAuthClient> {
  const header = request.headers.get('authorization');
  let clientId: string | undefined;
  let secret: string | undefined;
  if (header !== null) {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (!match || colon < 0) throw new OAuthError('invalid_client.basic_shape');
    try {
      // RFC 6749 §2.3.1: both parts are form-urlencoded before joining.
      clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    } catch {
      throw new OAuthError('invalid_client.basic_encoding');
    }
    if (parameters.client_secret !== undefined) throw new OAuthError('invalid_request.two_auth_methods');
    if (parameters.client_id !== undefined && parameters.client_id !== clientId) throw new OAuthError('invalid_request.client_id_differs');
  } else {
    clientId = parameters.client_id;
    secret = parameters.client_secret;
  }
  if (!clientId) throw new OAuthError('invalid_client.authentication_required');

  const client = await findClient(clientId, clientKey);
  const refuse = () => new OAuthError('invalid_client.authentication_failed');
  if (!client) throw refuse();
  if (client.confidential) {
    if (secret === undefined || !secretMatches(clientId, secret)) throw refuse();
  } else if (secret !== undefined) {
    throw refuse(); // public clients have no secret
  }
  return client;
}

function requireParameter(parameters: Parameters, name: string): string {
  const value = parameters[name];
  if (!value) throw new OAuthError('invalid_request.parameter_missing', { name });
  return value;
}

function parseScope(value: string | undefined, allowed: readonly Scope[]): Scope[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const requested = [...new Set(value.split(' ').filter(Boolean))];
  const refused = requested.filter((scope) => !isScope(scope) || !allowed.includes(scope));
  if (refused.length) throw new OAuthError('invalid_scope.refused', { scopes: refused, where: 'here' });
  return requested as Scope[];
}

function checkResource(resource: string | undefined): string | undefined {
  if (resource !== undefined && !isOwnResource(resource)) {
    throw new OAuthError('invalid_target.resource', { issuer: issuer(), listed: false });
  }
  return resource;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

async function authorizationCode(client: OAuthClient, parameters: Parameters): Promise<TokenResponse> {
  const code = requireParameter(parameters, 'code');
  const verifier = parameters.code_verifier;
  const redemption = await redeemCode(code);
  if (redemption.kind === 'reused') throw new OAuthError('invalid_grant.code_reused');
  if (redemption.kind !== 'ok') throw new OAuthError('invalid_grant.code_unknown');
  const record = redemption.record;
  if (record.clientId !== client.clientId) throw new OAuthError('invalid_grant.code_other_client');
  // PKCE (RFC 7636 §4.6): every code here has a challenge, so a verifier is always required.
  if (!verifier) throw new OAuthError('invalid_grant.verifier_missing');
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || s256(verifier) !== record.codeChallenge) {
    throw new OAuthError('invalid_grant.verifier_mismatch');
  }
  const redirectUri = parameters.redirect_uri;
  if ((record.redirectUriSent && redirectUri === undefined) || (redirectUri !== undefined && redirectUri !== record.redirectUri)) {
    throw new OAuthError('invalid_grant.redirect_mismatch');
  }
  const resource = checkResource(parameters.resource);
  if (resource !== undefined && resource !== record.audience) {
    throw new OAuthError('invalid_target.authorization_resource');
  }
  const subject = `grant:${record.grantId}`;
  const access = await issueAccessToken({ subject, clientId: client.clientId, scopes: record.scopes, audience: record.audience, grantId: record.grantId });
  const refresh = client.grantTypes.includes('refresh_token')
    ? await issueRefreshToken({ clientId: client.clientId, subject, scopes: record.scopes, audience: record.audience, grantId: record.grantId })
    : undefined;
  await markClientUsed(client);
  return { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, scope: record.scopes.join(' '), ...(refresh ? { refresh_token: refresh } : {}) };
}

async function clientCredentials(client: OAuthClient, parameters: Parameters): Promise<TokenResponse> {
  if (!client.confidential) throw new OAuthError('unauthorized_client.confidential_only');
  const scopes = parseScope(parameters.scope, client.scopes) ?? [...SCOPES];
  const audience = checkResource(parameters.resource) ?? issuer();
  const access = await issueAccessToken({ subject: client.clientId, clientId: client.clientId, scopes, audience });
  return { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, scope: scopes.join(' ') };
}

/** What a refresh request may ask of a grant: its own client, a subset of its scopes, its own resource. */
function refreshScopes(record: RefreshRecord, client: OAuthClient, parameters: Parameters): Scope[] {
  if (record.clientId !== client.clientId) throw new OAuthError('invalid_grant.refresh_other_client');
  const scopes = parseScope(parameters.scope, record.scopes) ?? record.scopes;
  const resource = checkResource(parameters.resource);
  if (resource !== undefined && resource !== record.audience) throw new OAuthError('invalid_target.grant_resource');
  return scopes;
}

async function refreshToken(client: OAuthClient, parameters: Parameters): Promise<TokenResponse> {
  const token = requireParameter(parameters, 'refresh_token');
  // The request is checked against the live record before the token is taken: a refused request
  // (a wider scope, another client) leaves it usable, so only a successful rotation spends it and a
  // later legitimate refresh is not mistaken for reuse.
  const live = await peekRefreshToken(token);
  if (live) refreshScopes(live, client, parameters);
  const taken = await takeRefreshToken(token);
  if (taken.kind === 'reused') throw new OAuthError('invalid_grant.refresh_reused');
  if (taken.kind !== 'ok') throw new OAuthError('invalid_grant.refresh_unknown');
  const record = taken.record;
  const scopes = refreshScopes(record, client, parameters);
  const access = await issueAccessToken({ subject: record.subject, clientId: client.clientId, scopes, audience: record.audience, grantId: record.grantId });
  // Rotation (RFC 9700 §4.14.2): a new refresh token keeps the grant's full scope; the old one is spent.
  const refresh = await issueRefreshToken({ ...record });
  await markClientUsed(client);
  return { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, scope: scopes.join(' '), refresh_token: refresh };
}

/** `clientKey`: the caller's IP key (a client metadata document fetched anew spends its registrations). */
export async function tokenRequest(request: Request, clientKey?: string): Promise<Response> {
  const parameters = await readParameters(request);
  const grantType = parameters.grant_type;
  if (!grantType) throw new OAuthError('invalid_request.parameter_missing', { name: 'grant_type' });
  if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
    throw new OAuthError('unsupported_grant_type.grant_type', { grantType, supported: GRANT_TYPES });
  }
  const client = await authenticate(request, parameters, clientKey);
  if (!client.grantTypes.includes(grantType as (typeof GRANT_TYPES)[number])) {
    throw new OAuthError('unauthorized_client.grant_type', { grantType });
  }
  const body =
    grantType === 'authorization_code'
      ? await authorizationCode(client, parameters)
      : grantType === 'client_credentials'
        ? await clientCredentials(client, parameters)
        : await refreshToken(client, parameters);
  return oauthJson(body);
}

