/** The OAuth 2.0 endpoints and documents, described once for /openapi.json and GET /api (placed by the route table). */
import { z } from 'zod';
import { ErrorResponse } from '../schemas/common';
import {
  AuthorizationServerMetadata,
  AuthorizeConsentRequest,
  AuthorizeResponse,
  JwkSet,
  OAuthErrorResponse,
  ProtectedResourceMetadata,
  RegistrationRequest,
  RegistrationResponse,
  RevocationRequest,
  TokenRequest,
  TokenResponse,
} from '../schemas/oauth';
import type { OperationDoc } from './operation';
import { errorResponses } from './responses';

const tooMany = errorResponses(['rate_limited']);
/** 429 of an endpoint with an hourly per-IP cap as well as the per-minute limit: the cap answers in the OAuth error shape. */
const tooManyOrCapped = (what: string, setting: string) => ({
  429: {
    ...tooMany[429]!,
    description: `${tooMany[429]!.description} Over the hourly cap of ${what} per client IP (${setting}): the OAuth error body, error temporarily_unavailable. Both carry Retry-After.`,
    schema: z.union([ErrorResponse, OAuthErrorResponse]),
    headers: { ...tooMany[429]!.headers, 'Retry-After': 'Seconds to wait.' },
  },
});
const oauthError = (description: string) => ({ description, schema: OAuthErrorResponse });
const noStore = { 'Cache-Control': 'no-store.' };
const tags = ['OAuth'];

export const authorizationServer: OperationDoc = {
    operationId: 'getAuthorizationServerMetadata',
    summary: 'OAuth 2.0 authorization-server metadata (RFC 8414; PKCE S256)',
    tags,
    responses: { 200: { description: 'The metadata.', schema: AuthorizationServerMetadata } },
  };

export const protectedResource: OperationDoc = {
    operationId: 'getProtectedResourceMetadata',
    summary: 'Protected-resource metadata of the whole API (RFC 9728)',
    description:
      'Each protected path also has its own document at /.well-known/oauth-protected-resource{path} (for /mcp, /api/mcp, /.well-known/mcp, /ask, /api/subscribe, /api/newsletter/unsubscribe), which a 401 names in WWW-Authenticate.',
    tags,
    responses: { 200: { description: 'The metadata.', schema: ProtectedResourceMetadata } },
  };

export const jwks: OperationDoc = {
    operationId: 'getJwks',
    summary: 'The public key that signs access tokens (jwks_uri)',
    tags,
    responses: { 200: { description: 'JWK Set.', schema: JwkSet, contentType: 'application/jwk-set+json' } },
  };

export const authorize: OperationDoc = {
    operationId: 'authorize',
    summary: 'Authorization request (code flow with PKCE S256)',
    description:
      'Query: response_type=code, client_id, redirect_uri (exactly as registered), code_challenge, code_challenge_method=S256, state, scope (space-separated), resource (RFC 8707, bound into the token audience), ui_locales (pl or en). ' +
      'A browser (Accept preferring text/html to application/json) gets a consent page (Allow/Deny), then a 303 to the redirect URI with code, state and iss. Other clients get the JSON answer below: the code, except that under OAUTH_ENFORCEMENT write or all a registered public client ' +
      'not listed in OAUTH_PREAPPROVED_CLIENTS gets {approval_required: true, approve_at, state, iss, redirect_uri, message} and no code: a person opens approve_at in a browser and presses Allow, and the code arrives at redirect_uri. ' +
      'Each code spends one of the hourly budget per client IP (OAUTH_CODES_PER_HOUR). ' +
      'Errors about the client or the redirect URI are answered here (400), never redirected; other errors carry redirect_to (browsers get a 302 there).',
    tags,
    responses: {
      200: { description: 'The code, the state and the redirect target; or approval_required with the URL a person must open (or, for browsers, the consent page).', schema: AuthorizeResponse, headers: noStore },
      400: oauthError('invalid_request, invalid_client, unsupported_response_type, invalid_scope, invalid_target or unauthorized_client.'),
      ...tooManyOrCapped('codes', 'OAUTH_CODES_PER_HOUR'),
    },
  };

export const token: OperationDoc = {
    operationId: 'token',
    summary: 'Token endpoint: authorization_code, client_credentials, refresh_token',
    description:
      'Form-encoded (application/x-www-form-urlencoded) or JSON. The confidential client (OAUTH_CLIENT_ID) authenticates with HTTP Basic or client_secret; registered public clients send client_id. ' +
      'Access tokens live 3600 s; refresh tokens rotate on every use (reusing one revokes the grant); a code reused revokes what it gave.',
    tags,
    request: { schema: TokenRequest, contentTypes: ['application/x-www-form-urlencoded', 'application/json'] },
    responses: {
      200: { description: 'Tokens.', schema: TokenResponse, headers: noStore },
      400: oauthError('invalid_request, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope or invalid_target.'),
      401: { ...oauthError('invalid_client (with WWW-Authenticate: Basic).'), headers: { 'WWW-Authenticate': 'Basic realm with the issuer.' } },
      ...tooMany,
    },
  };

export const revoke: OperationDoc = {
    operationId: 'revokeToken',
    summary: 'Token revocation (RFC 7009): a refresh token (its whole grant) or an access token',
    description:
      'Form-encoded or JSON; the client authenticates as at the token endpoint. A refresh token ends with every token of its grant (the rotation family and the access tokens issued from it); ' +
      'an access token is refused from then on until it would have expired. An unknown, expired or malformed token, or one issued to another client, is answered 200 as well (RFC 7009 §2.2).',
    tags,
    request: { schema: RevocationRequest, contentTypes: ['application/x-www-form-urlencoded', 'application/json'] },
    responses: {
      200: { description: 'Revoked (or nothing to revoke): an empty JSON object.', schema: z.object({}), headers: noStore },
      400: oauthError('invalid_request (no token, unreadable body).'),
      401: { ...oauthError('invalid_client (with WWW-Authenticate: Basic).'), headers: { 'WWW-Authenticate': 'Basic realm with the issuer.' } },
      ...tooMany,
    },
  };

export const register: OperationDoc = {
    operationId: 'registerClient',
    summary: 'Dynamic client registration (RFC 7591) for public clients such as MCP hosts',
    description:
      'Open registration, capped per client IP per hour (OAUTH_REGISTRATIONS_PER_HOUR; refused registrations do not count). ' +
      'A client that obtains no token within OAUTH_UNUSED_CLIENT_SECONDS (default 24 h) is forgotten; one that does is kept 30 days after its last token (then register again).',
    tags,
    request: { schema: RegistrationRequest, contentTypes: ['application/json'] },
    responses: {
      201: { description: 'The registered client.', schema: RegistrationResponse, headers: noStore },
      400: oauthError('invalid_redirect_uri or invalid_client_metadata.'),
      ...tooManyOrCapped('registrations', 'OAUTH_REGISTRATIONS_PER_HOUR'),
    },
  };

export const authorizeConsent: OperationDoc = {
  operationId: 'authorizeConsent',
  summary: 'The consent form: Allow or Deny (browsers)',
  description:
    'The consent page posts the authorization request back (form-encoded, with decision=allow or decision=deny). The parameters are checked again; ' +
    'Allow answers 303 to the redirect URI with code, state and iss (spending one of OAUTH_CODES_PER_HOUR), Deny 303 with error=access_denied. A form from another Origin is refused (403).',
  tags,
  request: { schema: AuthorizeConsentRequest, contentTypes: ['application/x-www-form-urlencoded'] },
  responses: {
    303: { description: 'To the client: its redirect URI with code, state and iss (or error=access_denied).', headers: { Location: 'The redirect URI with the answer.' } },
    400: oauthError('The request is not valid (shown, not redirected, when it concerns the client or the redirect URI).'),
    403: oauthError('The form came from another origin.'),
    ...tooManyOrCapped('codes', 'OAUTH_CODES_PER_HOUR'),
  },
};
