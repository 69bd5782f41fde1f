/**
 * The authorization request (RFC 6749 §4.1.1 with RFC 7636 PKCE, S256 only, and RFC 8707 resource).
 * Problems with the client or the redirect URI are shown to whoever asked (never redirected: that
 * would make us an open redirector); the others go back to the client's redirect URI with `error`,
 * `state` and `iss` (RFC 9207).
 */
import { defaultLocale, isLocale, type Locale } from '../base/i18n';
import { preferredLocale } from '../http/negotiate';
import { isScope, type Scope } from '../base/scopes';
import { spendCode } from './caps';
import { createCode, newGrantId } from './grants';
import { getSettings } from '../base/settings';
import { findClient, isPreapproved, redirectUriMatches, type OAuthClient } from './clients';
import { OAuthError } from './errors';
import { isOwnResource, issuer } from './metadata';

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  redirectUriSent: boolean;
  scopes: Scope[];
  state?: string;
  codeChallenge: string;
  resource?: string;
  audience: string;
}

export type ParsedAuthorization =
  | { kind: 'ok'; request: AuthorizationRequest }
  | { kind: 'show'; error: OAuthError }
  | { kind: 'redirect'; error: OAuthError; redirectUri: string; state?: string };

/** Parameters this endpoint reads; each may appear once (RFC 6749 §3.1). */
const PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource'];

/** `clientKey`: the caller's IP key, whose hourly registrations a client metadata document fetch spends. */
export async function parseAuthorizationRequest(params: URLSearchParams, clientKey?: string): Promise<ParsedAuthorization> {
  const once = (name: string) => params.getAll(name).length > 1;
  const show = (error: OAuthError) => ({ kind: 'show' as const, error });

  if (once('client_id') || once('redirect_uri')) return show(new OAuthError('invalid_request.client_and_redirect_twice'));
  const clientId = params.get('client_id');
  if (!clientId) return show(new OAuthError('invalid_request.parameter_missing', { name: 'client_id' }));
  let client: OAuthClient | undefined;
  try {
    client = await findClient(clientId, clientKey);
  } catch (error) {
    // A client metadata document that cannot be used: shown to the person, never a redirect.
    if (!(error instanceof OAuthError)) throw error;
    return { kind: 'show', error };
  }
  if (!client) return show(new OAuthError('invalid_client.unknown', undefined, { status: 400 }));

  const sentRedirect = params.get('redirect_uri');
  let redirectUri: string;
  if (sentRedirect !== null) {
    // Exact string comparison (RFC 9700 §4.1.3), the port of a loopback URI aside (RFC 8252 §7.3).
    if (!client.redirectUris.some((registered) => redirectUriMatches(registered, sentRedirect))) return show(new OAuthError('invalid_request.redirect_unregistered'));
    redirectUri = sentRedirect;
  } else if (client.redirectUris.length === 1) {
    redirectUri = client.redirectUris[0]!;
  } else {
    return show(new OAuthError('invalid_request.redirect_ambiguous'));
  }

  const state = params.get('state') ?? undefined;
  const fail = (error: OAuthError) => ({ kind: 'redirect' as const, error, redirectUri, state });

  const duplicate = PARAMETERS.find(once);
  if (duplicate) return fail(new OAuthError('invalid_request.parameter_twice', { name: duplicate }));
  const responseType = params.get('response_type');
  if (!responseType) return fail(new OAuthError('invalid_request.parameter_missing', { name: 'response_type', detail: 'code' }));
  if (responseType !== 'code') return fail(new OAuthError('unsupported_response_type.code_only'));
  if (!client.grantTypes.includes('authorization_code')) {
    return fail(new OAuthError('unauthorized_client.no_code_flow'));
  }

  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  if (!challenge) return fail(new OAuthError('invalid_request.parameter_missing', { name: 'code_challenge', detail: 'PKCE with S256' }));
  // An omitted method means "plain" (RFC 7636 §4.3), which this server does not accept.
  if (method !== 'S256') return fail(new OAuthError('invalid_request.challenge_method'));
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    return fail(new OAuthError('invalid_request.challenge_shape'));
  }

  const scopeParameter = params.get('scope');
  let scopes: Scope[] = client.scopes;
  if (scopeParameter !== null && scopeParameter.trim() !== '') {
    const requested = [...new Set(scopeParameter.split(' ').filter(Boolean))];
    const refused = requested.filter((scope) => !isScope(scope) || !client.scopes.includes(scope));
    if (refused.length) return fail(new OAuthError('invalid_scope.refused', { scopes: refused, where: 'client' }));
    scopes = requested as Scope[];
  }

  const resource = params.get('resource') ?? undefined;
  if (resource !== undefined && !isOwnResource(resource)) {
    return fail(new OAuthError('invalid_target.resource', { issuer: issuer(), listed: true }));
  }

  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      redirectUriSent: sentRedirect !== null,
      scopes,
      state,
      codeChallenge: challenge,
      resource,
      audience: resource ?? issuer(),
    },
  };
}

function withParameters(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Whether a code for this client waits for a person to press Allow on the consent page. Under
 * enforcement a token is meant to stand for someone's consent, and registration is open: a registered
 * public client could otherwise get a code (and a token) with no one involved. The configured
 * confidential client and the ids in OAUTH_PREAPPROVED_CLIENTS are the operator's own decision.
 */
export function needsPerson(client: OAuthClient): boolean {
  return getSettings().OAUTH_ENFORCEMENT !== 'off' && !client.confidential && !isPreapproved(client.clientId);
}

/**
 * The person (or a client that needs none) said yes: a code for the client, and where to send it.
 * Every code spends the caller's hourly budget (`clientKey`: its IP key); over it, rate_limited.
 */
export async function approve(request: AuthorizationRequest, clientKey: string | undefined): Promise<{ code: string; target: string }> {
  await spendCode(clientKey);
  const code = await createCode({
    clientId: request.client.clientId,
    redirectUri: request.redirectUri,
    redirectUriSent: request.redirectUriSent,
    scopes: request.scopes,
    audience: request.audience,
    resource: request.resource,
    codeChallenge: request.codeChallenge,
    grantId: newGrantId(),
  });
  return { code, target: withParameters(request.redirectUri, { code, state: request.state, iss: issuer() }) };
}

/** Where an error goes back to the client (RFC 6749 §4.1.2.1). */
export function errorTarget(redirectUri: string, error: OAuthError, state?: string): string {
  return withParameters(redirectUri, { error: error.error, error_description: error.message, state, iss: issuer() });
}

/** The consent page's language: ui_locales (RFC 6749 extension used by OIDC), then Accept-Language, then Polish. */
export function consentLocale(params: URLSearchParams, acceptLanguage: string | null): Locale {
  for (const tag of (params.get('ui_locales') ?? '').split(' ')) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return preferredLocale(acceptLanguage) ?? defaultLocale;
}
