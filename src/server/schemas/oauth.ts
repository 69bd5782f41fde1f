/** The OAuth documents and answers, as zod schemas (for /openapi.json and the conformance tests). */
import { z } from 'zod';
import { ScopeSchema } from '../base/scopes';

const Url = z.url();

export const AuthorizationServerMetadata = z
  .object({
    issuer: Url.describe('SITE_URL, exactly.'),
    authorization_endpoint: Url,
    token_endpoint: Url,
    jwks_uri: Url,
    registration_endpoint: Url,
    revocation_endpoint: Url.describe('Token revocation (RFC 7009).'),
    revocation_endpoint_auth_methods_supported: z.array(z.enum(['none', 'client_secret_basic', 'client_secret_post'])),
    scopes_supported: z.array(ScopeSchema),
    response_types_supported: z.array(z.literal('code')),
    response_modes_supported: z.array(z.string()),
    grant_types_supported: z.array(z.enum(['authorization_code', 'client_credentials', 'refresh_token'])),
    token_endpoint_auth_methods_supported: z.array(z.enum(['none', 'client_secret_basic', 'client_secret_post'])),
    code_challenge_methods_supported: z.array(z.literal('S256')),
    authorization_response_iss_parameter_supported: z.boolean(),
    client_id_metadata_document_supported: z.boolean().describe('An https client_id naming its Client ID Metadata Document is accepted without registration.'),
    service_documentation: Url,
    ui_locales_supported: z.array(z.string()),
  })
  .describe('RFC 8414 authorization-server metadata.')
  .meta({ id: 'AuthorizationServerMetadata' });

export const ProtectedResourceMetadata = z
  .object({
    resource: Url.describe('The resource identifier to send as `resource` (RFC 8707); the audience of tokens for it.'),
    authorization_servers: z.array(Url),
    jwks_uri: Url,
    scopes_supported: z.array(ScopeSchema),
    bearer_methods_supported: z.array(z.literal('header')),
    resource_name: z.string(),
    resource_documentation: Url,
  })
  .describe('RFC 9728 protected-resource metadata: the whole API at /.well-known/oauth-protected-resource, one protected path at /.well-known/oauth-protected-resource{path}.')
  .meta({ id: 'ProtectedResourceMetadata' });

export const JwkSet = z
  .object({ keys: z.array(z.object({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.literal('sig') }).loose()) })
  .describe('The public key that signs access tokens.')
  .meta({ id: 'JwkSet' });

export const TokenRequest = z
  .object({
    grant_type: z.enum(['authorization_code', 'client_credentials', 'refresh_token']),
    scope: z.string().optional().describe('Space-separated scopes; default: all the client may have (client credentials) or those granted.'),
    code: z.string().optional().describe('authorization_code: the code from the authorize endpoint (single use, 60 s).'),
    code_verifier: z.string().optional().describe('authorization_code: the PKCE verifier (43-128 characters).'),
    redirect_uri: z.string().optional().describe('authorization_code: the redirect URI of the authorization request.'),
    refresh_token: z.string().optional().describe('refresh_token: the latest refresh token (each works once).'),
    client_id: z.string().optional().describe('Public clients; the confidential client may use HTTP Basic instead.'),
    client_secret: z.string().optional().describe('The confidential client, when not using HTTP Basic.'),
    resource: z.string().optional().describe('RFC 8707 resource: SITE_URL or a protected path such as SITE_URL/mcp; becomes the token audience.'),
  })
  .describe('Token request (form-encoded or JSON).')
  .meta({ id: 'TokenRequest' });

export const RevocationRequest = z
  .object({
    token: z.string().describe('The refresh token or access token to revoke.'),
    token_type_hint: z.enum(['refresh_token', 'access_token']).optional().describe('Which kind to look for first; both are looked up.'),
    client_id: z.string().optional().describe('Public clients; the confidential client may use HTTP Basic instead.'),
    client_secret: z.string().optional().describe('The confidential client, when not using HTTP Basic.'),
  })
  .describe('RFC 7009 revocation request (form-encoded or JSON); the client authenticates as at the token endpoint.')
  .meta({ id: 'RevocationRequest' });

export const TokenResponse = z
  .object({
    access_token: z.string().describe('JWT (typ at+jwt) with iss, aud, sub, client_id, scope, iat, exp, jti.'),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds: 3600.'),
    scope: z.string(),
    refresh_token: z.string().optional().describe('Code flow only; rotated on every use, a reused one revokes the grant.'),
  })
  .describe('RFC 6749 §5.1 token response (Cache-Control: no-store).')
  .meta({ id: 'TokenResponse' });

export const OAuthErrorResponse = z
  .object({
    error: z.enum([
      'invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'unsupported_response_type',
      'invalid_scope', 'invalid_target', 'access_denied', 'invalid_redirect_uri', 'invalid_client_metadata', 'server_error',
      'temporarily_unavailable',
    ]),
    error_description: z.string(),
    state: z.string().optional(),
    redirect_to: z.string().optional().describe('Authorize endpoint only: where a browser would have been sent with the error.'),
  })
  .describe('RFC 6749 §5.2 error (OAuth endpoints answer this instead of ErrorResponse).')
  .meta({ id: 'OAuthErrorResponse' });

export const AuthorizeCodeResponse = z
  .object({
    code: z.string().describe('Authorization code: single use, expires after 60 s.'),
    state: z.string().optional(),
    iss: Url.describe('RFC 9207 issuer identifier.'),
    redirect_uri: Url,
    redirect_to: Url.describe('The redirect URI with code, state and iss: where a browser is sent after Allow.'),
  })
  .describe('The code, for a client that needs no person: every client with OAUTH_ENFORCEMENT=off; under write or all, the configured confidential client and the ids in OAUTH_PREAPPROVED_CLIENTS.')
  .meta({ id: 'AuthorizeCodeResponse' });

export const AuthorizeApprovalRequired = z
  .object({
    approval_required: z.literal(true),
    approve_at: Url.describe('This authorization request as a URL to open in a browser: the consent page, whose Allow sends the code to redirect_uri.'),
    state: z.string().optional().describe('The request\'s state, as the code will carry it.'),
    iss: Url.describe('RFC 9207 issuer identifier.'),
    redirect_uri: Url.describe('Where the code arrives once a person allows.'),
    message: z.string(),
  })
  .describe('No code yet: under OAUTH_ENFORCEMENT write or all, a registered public client gets a code only after a person presses Allow on the consent page.')
  .meta({ id: 'AuthorizeApprovalRequired' });

export const AuthorizeResponse = z
  .union([AuthorizeCodeResponse, AuthorizeApprovalRequired])
  .describe('Authorize endpoint answer for clients that do not ask for HTML: the code, or where a person must approve.')
  .meta({ id: 'AuthorizeResponse' });

export const RegistrationRequest = z
  .object({
    redirect_uris: z.array(z.string()).min(1).max(10).describe('http on a loopback address, or URIs listed in OAUTH_REDIRECT_URIS.'),
    client_name: z.string().optional(),
    grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
    response_types: z.array(z.literal('code')).optional(),
    token_endpoint_auth_method: z.string().optional().describe('Always registered as none (public client with PKCE).'),
    scope: z.string().optional(),
  })
  .loose()
  .describe('RFC 7591 client metadata.')
  .meta({ id: 'RegistrationRequest' });

export const RegistrationResponse = z
  .object({
    client_id: z.string(),
    client_id_issued_at: z.number().int(),
    client_name: z.string().optional(),
    redirect_uris: z.array(z.string()),
    grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])),
    response_types: z.array(z.literal('code')),
    token_endpoint_auth_method: z.literal('none'),
    scope: z.string(),
  })
  .describe('RFC 7591 registration answer.')
  .meta({ id: 'RegistrationResponse' });

export const AuthorizeConsentRequest = z
  .object({
    decision: z.enum(['allow', 'deny']),
    response_type: z.literal('code'),
    client_id: z.string(),
    redirect_uri: z.string().optional(),
    code_challenge: z.string(),
    code_challenge_method: z.literal('S256'),
    state: z.string().optional(),
    scope: z.string().optional(),
    resource: z.string().optional(),
  })
  .describe('The authorization request as the consent page posts it, with the decision.')
  .meta({ id: 'AuthorizeConsentRequest' });
