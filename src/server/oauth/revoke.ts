/**
 * Token revocation (RFC 7009): a client ends a refresh token (and with it every token of its grant,
 * the whole rotation family) or one access token (its jti is refused until the token would have
 * expired; verification checks it). The client authenticates as at the token endpoint. An unknown,
 * expired or malformed token, or one issued to another client, is answered 200 like a revoked one
 * (§2.2): the answer tells the caller nothing about tokens that are not its own.
 */
import { peekRefreshToken, revokeAccessTokenId, revokeRefreshToken } from './grants';
import { OAuthError, oauthJson } from './errors';
import { authenticate, readParameters } from './token';
import { CLOCK_SKEW_S, ownAccessToken } from './tokens';

export async function revocationRequest(request: Request, clientKey?: string): Promise<Response> {
  const parameters = await readParameters(request);
  const client = await authenticate(request, parameters, clientKey);
  const token = parameters.token;
  if (!token) throw new OAuthError('invalid_request.parameter_missing', { name: 'token' });
  // token_type_hint only orders the search (§2.1); both kinds are looked up whatever it says.
  if (parameters.token_type_hint === 'access_token') {
    (await revokeAccess(token, client.clientId)) || (await revokeRefresh(token, client.clientId));
  } else {
    (await revokeRefresh(token, client.clientId)) || (await revokeAccess(token, client.clientId));
  }
  return oauthJson({});
}

async function revokeRefresh(token: string, clientId: string): Promise<boolean> {
  const record = await peekRefreshToken(token);
  if (!record) return false;
  if (record.clientId === clientId) await revokeRefreshToken(token, record);
  return true;
}

async function revokeAccess(token: string, clientId: string): Promise<boolean> {
  const access = await ownAccessToken(token);
  if (!access) return false;
  if (access.clientId === clientId) await revokeAccessTokenId(access.jti, access.expiresAt + CLOCK_SKEW_S - Math.floor(Date.now() / 1000));
  return true;
}
