/**
 * Dynamic client registration (RFC 7591) for public clients (MCP hosts, the MCP Inspector): PKCE
 * code flow with refresh tokens, redirect URIs on loopback or listed in OAUTH_REDIRECT_URIS.
 * Values we do not support are refused with `invalid_client_metadata`, except the token-endpoint
 * auth method, which is set to `none` (RFC 7591 §3.2.1 lets the server replace it; the answer says so).
 * Registration is open, so it is capped per IP per hour (OAUTH_REGISTRATIONS_PER_HOUR) and a client
 * that never obtains a token is forgotten (client-store.ts).
 */
import { SCOPES, isScope, type Scope } from '../base/scopes';
import { randomToken } from './grants';
import { redirectUriAllowed, saveClient, type GrantType, type OAuthClient } from './clients';
import { spendRegistration } from './caps';
import { OAuthError } from './errors';

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;

export interface RegistrationResponse {
  client_id: string;
  client_id_issued_at: number;
  client_name?: string;
  redirect_uris: string[];
  grant_types: GrantType[];
  response_types: ['code'];
  token_endpoint_auth_method: 'none';
  scope: string;
}

/** `clientKey`: the caller's IP key, whose hourly registration budget a valid registration spends. */
export async function registerClient(body: unknown, clientKey: string | undefined): Promise<RegistrationResponse> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OAuthError('invalid_client_metadata.not_object');
  const metadata = body as Record<string, unknown>;

  const redirectUris = metadata.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
    throw new OAuthError('invalid_redirect_uri.none');
  }
  if (redirectUris.length > MAX_REDIRECT_URIS) throw new OAuthError('invalid_redirect_uri.too_many', { max: MAX_REDIRECT_URIS });
  for (const uri of redirectUris) {
    if (typeof uri !== 'string' || uri.length > MAX_URI_LENGTH || !redirectUriAllowed(uri)) {
      throw new OAuthError('invalid_redirect_uri.refused', { uri });
    }
  }

  const grantTypes = (metadata.grant_types ?? ['authorization_code', 'refresh_token']) as unknown;
  if (!Array.isArray(grantTypes) || grantTypes.some((grant) => grant !== 'authorization_code' && grant !== 'refresh_token') || !grantTypes.includes('authorization_code')) {
    throw new OAuthError('invalid_client_metadata.grant_types');
  }
  const responseTypes = (metadata.response_types ?? ['code']) as unknown;
  if (!Array.isArray(responseTypes) || responseTypes.length !== 1 || responseTypes[0] !== 'code') {
    throw new OAuthError('invalid_client_metadata.response_types');
  }

  let scopes: Scope[] = [...SCOPES];
  if (metadata.scope !== undefined) {
    if (typeof metadata.scope !== 'string') throw new OAuthError('invalid_client_metadata.scope_type');
    const requested = metadata.scope.split(' ').filter(Boolean);
    const unknown = requested.filter((scope) => !isScope(scope));
    if (unknown.length) throw new OAuthError('invalid_client_metadata.scope_unknown', { unknown, known: SCOPES });
    if (requested.length) scopes = [...new Set(requested as Scope[])];
  }

  let clientName: string | undefined;
  if (metadata.client_name !== undefined) {
    if (typeof metadata.client_name !== 'string') throw new OAuthError('invalid_client_metadata.client_name');
    // Shown on the consent page: no control characters, a sane length.
    clientName = metadata.client_name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim().slice(0, 100) || undefined;
  }

  const client: OAuthClient = {
    clientId: `mcp_${randomToken(18)}`,
    clientName,
    redirectUris: redirectUris as string[],
    grantTypes: [...new Set(grantTypes as GrantType[])],
    scopes,
    tokenEndpointAuthMethod: 'none',
    confidential: false,
    issuedAt: Math.floor(Date.now() / 1000),
  };
  // Spent only by a registration that would be stored: a refused one writes nothing.
  await spendRegistration(clientKey);
  await saveClient(client);
  return {
    client_id: client.clientId,
    client_id_issued_at: client.issuedAt,
    ...(clientName ? { client_name: clientName } : {}),
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: scopes.join(' '),
  };
}
