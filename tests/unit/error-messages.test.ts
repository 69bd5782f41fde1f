/**
 * The catalogue's sentences (error-messages.ts): every key written in both languages from its typed
 * parameters, and the OAuth errors answered with the statuses and headers RFC 6749 §5.2 / RFC 6750 §3.1 give.
 */
import { describe, expect, it } from 'vitest';
import {
  errorMessages,
  oauthMessages,
  type MessageKey,
  type MessageParams,
  type OAuthMessageKey,
  type OAuthMessageParams,
} from '../../src/server/base/error-messages';
import { AppError, fault, OAuthError, oauthError, oauthStatuses, restError } from '../../src/server/base/errors';
import { getSettings } from '../../src/server/base/settings';

const cause = new AppError('invalid_json', 'The request body is not valid UTF-8.', { messages: { en: 'The request body is not valid UTF-8.', pl: 'Treść żądania nie jest poprawnym UTF-8.' } });

// Typed by the keys: a key added without a sample here does not compile.
const samples: { [K in MessageKey]: MessageParams<K> } = {
  'invalid_json.not_utf8': undefined,
  'invalid_json.empty': undefined,
  'invalid_json.syntax': { detail: 'Unexpected end of JSON input' },
  'validation_failed.too_deep': { depth: 64 },
  'validation_failed.unknown_case_study': { locale: 'en', slug: 'no-such-case', known: 'a, b' },
  'validation_failed.not_object': { kind: 'an array' },
  'validation_failed.rule': { field: 'email', problem: 'Invalid email address' },
  'validation_failed.missing': { field: 'email' },
  'validation_failed.wrong_type': { field: 'name', expected: 'text', given: 'a number' },
  'validation_failed.end_before_start': { start: '2026-01-02' },
  'validation_failed.window_too_long': { start: '2026-01-02', days: 31 },
  'validation_failed.chat_empty': undefined,
  'validation_failed.chat_unknown_tool': { type: 'tool-x' },
  'validation_failed.chat_messages': { problem: 'Invalid input' },
  'validation_failed.unknown_tool': { name: 'drop_tables', tools: ['site_search', 'pricing_get'] },
  'unsupported_media_type.charset': { charset: 'latin1' },
  'unsupported_media_type.content_type': { type: 'text/plain', form: true },
  'unsupported_media_type.not_form': undefined,
  'payload_too_large.limit': { limit: 16 * 1024 },
  'not_found.endpoint': { path: '/api/nope' },
  'not_found.mcp_resource': { path: '/mcp/nope', listing: 'The MCP endpoint is /mcp.' },
  'not_found.protected_resource': { path: '/nope' },
  'method_not_allowed.allow': { allow: 'GET, POST' },
  'method_not_allowed.method': { method: 'PUT', allow: 'GET, POST' },
  'method_not_allowed.mcp': { method: 'PUT' },
  'forbidden_origin.mcp': { origin: 'https://evil.example' },
  'unauthorized.bearer': { reason: 'The token has expired.', metadata: 'https://site.example/.well-known/oauth-protected-resource/mcp', scope: 'mcp:read' },
  'insufficient_scope.bearer': { reason: 'The token lacks the scope mcp:write.', scope: 'mcp:write' },
  'rate_limited.per_minute': { limit: 5, retryAfter: 42 },
  'rate_limited.per_day': { limit: 20, retryAfter: 3600 },
  'rate_limited.per_hour': { what: 'codes', limit: 20, setting: 'OAUTH_CODES_PER_HOUR', retryAfter: 600 },
  'slot_unavailable.refused': { message: 'This slot was just taken.', alternatives: 0, bookingUrl: 'https://cal.example/c' },
  'booking_limit_reached.email': { limit: 2 },
  'booking_limit_reached.network': { limit: 5 },
  'daily_cap_reached.chat': { limit: 500, resetsAt: '2026-01-02T23:00:00.000Z', seconds: 3600 },
  'daily_cap_reached.address_share': { limit: 30, resetsAt: '2026-01-02T23:00:00.000Z', seconds: 3600 },
  'not_configured.mail': undefined,
  'not_configured.list': undefined,
  'not_configured.mail_and_list': undefined,
  'provider_unavailable.mail': { sender: 'server', timeout: true, what: 'send e-mail' },
  'provider_unavailable.booking': { detail: 'HTTP 500', bookingUrl: 'https://cal.example/c' },
  'provider_unavailable.chat_model': undefined,
  'service_unavailable.chat_off': undefined,
  'service_unavailable.chat_unconfigured': undefined,
  'service_unavailable.chat_key': undefined,
  'service_unavailable.store_full': undefined,
  'storage_unavailable.fault': undefined,
  'internal_error.no_prices': undefined,
};

const oauthSamples: { [K in OAuthMessageKey]: OAuthMessageParams<K> } = {
  'invalid_request.parameter_twice': { name: 'scope' },
  'invalid_request.client_and_redirect_twice': undefined,
  'invalid_request.parameter_missing': { name: 'code_challenge', detail: 'PKCE with S256' },
  'invalid_request.redirect_unregistered': undefined,
  'invalid_request.redirect_ambiguous': undefined,
  'invalid_request.not_string': { name: 'code' },
  'invalid_request.challenge_method': undefined,
  'invalid_request.challenge_shape': undefined,
  'invalid_request.unreadable_body': { cause },
  'invalid_request.not_parameters': undefined,
  'invalid_request.two_auth_methods': undefined,
  'invalid_request.client_id_differs': undefined,
  'invalid_request.foreign_form': undefined,
  'invalid_request.unreadable_form': { cause: undefined },
  'invalid_request.form_not_object': undefined,
  'invalid_request.decision': undefined,
  'invalid_client.unknown': undefined,
  'invalid_client.basic_shape': undefined,
  'invalid_client.basic_encoding': undefined,
  'invalid_client.authentication_required': undefined,
  'invalid_client.authentication_failed': undefined,
  'invalid_client.metadata_document': { reason: 'it is larger than 5 KB.' },
  'invalid_grant.code_reused': undefined,
  'invalid_grant.code_unknown': undefined,
  'invalid_grant.code_other_client': undefined,
  'invalid_grant.verifier_missing': undefined,
  'invalid_grant.verifier_mismatch': undefined,
  'invalid_grant.redirect_mismatch': undefined,
  'invalid_grant.refresh_reused': undefined,
  'invalid_grant.refresh_unknown': undefined,
  'invalid_grant.refresh_other_client': undefined,
  'unauthorized_client.no_code_flow': undefined,
  'unauthorized_client.grant_type': { grantType: 'client_credentials' },
  'unauthorized_client.confidential_only': undefined,
  'unsupported_grant_type.grant_type': { grantType: 'password', supported: ['authorization_code', 'refresh_token'] },
  'unsupported_response_type.code_only': undefined,
  'invalid_scope.refused': { scopes: ['admin'], where: 'client' },
  'invalid_target.resource': { issuer: 'https://site.example', listed: true },
  'invalid_target.authorization_resource': undefined,
  'invalid_target.grant_resource': undefined,
  'access_denied.person': undefined,
  'invalid_redirect_uri.none': undefined,
  'invalid_redirect_uri.too_many': { max: 10 },
  'invalid_redirect_uri.refused': { uri: 'https://evil.example/cb' },
  'invalid_client_metadata.not_object': undefined,
  'invalid_client_metadata.unreadable': { cause },
  'invalid_client_metadata.grant_types': undefined,
  'invalid_client_metadata.response_types': undefined,
  'invalid_client_metadata.scope_type': undefined,
  'invalid_client_metadata.scope_unknown': { unknown: ['admin'], known: ['mcp:read', 'mcp:write'] },
  'invalid_client_metadata.client_name': undefined,
};

const keysOf = (table: Record<string, Record<string, unknown>>) => Object.entries(table).flatMap(([code, variants]) => Object.keys(variants).map((variant) => `${code}.${variant}`));

describe('the catalogue writes every sentence in both languages', () => {
  it('has a sample for every key, and every key gives a distinct English and Polish message', () => {
    expect(Object.keys(samples).sort()).toEqual(keysOf(errorMessages).sort());
    for (const key of Object.keys(samples) as MessageKey[]) {
      const error = (fault as (key: MessageKey, params: unknown) => AppError)(key, samples[key]);
      expect(error.code, key).toBe(key.split('.')[0]);
      expect(error.message.length, key).toBeGreaterThan(10);
      expect(error.messageIn('pl'), key).not.toBe(error.message);
      expect(error.messageIn('en'), key).toBe(error.message);
      expect(error.hint.length, key).toBeGreaterThan(5);
    }
  });

  it('writes the parameters into the sentence and the hint', () => {
    const error = fault('rate_limited.per_minute', { limit: 5, retryAfter: 42 }, { headers: { 'Retry-After': '42' } });
    expect(restError(error).body.error).toEqual({ code: 'rate_limited', message: 'Too many requests: the limit is 5 per minute.', hint: 'Wait 42 s (Retry-After), then retry.', retryable: true });
    expect(fault('payload_too_large.limit', { limit: 16 * 1024 }).messageIn('pl')).toBe('Treść żądania jest większa niż 16 KiB.');
  });

  it('falls back to the code’s sentence for people when an error has no key', () => {
    expect(new AppError('rate_limited').messageIn('pl')).toMatch(/^Za dużo wiadomości/);
  });
});

describe('OAuth errors: statuses and headers from the catalogue', () => {
  it('has a sample for every OAuth key; each answers its RFC code with printable-ASCII descriptions', () => {
    expect(Object.keys(oauthSamples).sort()).toEqual(keysOf(oauthMessages).sort());
    for (const key of Object.keys(oauthSamples) as OAuthMessageKey[]) {
      const error = new (OAuthError as new (key: OAuthMessageKey, params: unknown) => OAuthError)(key, oauthSamples[key]);
      const answer = oauthError(error);
      expect(answer.body.error, key).toBe(key.split('.')[0]);
      expect(answer.status, key).toBe(oauthStatuses[answer.body.error]);
      expect(answer.body.error_description, key).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/);
      expect(error.messageIn('pl'), key).not.toBe(error.message);
    }
  });

  it('answers 400 by default, 401 with the Basic challenge (realm: the issuer) for client authentication', () => {
    expect(oauthError(new OAuthError('invalid_grant.code_reused')).status).toBe(400);
    const refused = oauthError(new OAuthError('invalid_client.authentication_failed'));
    expect(refused.status).toBe(401);
    expect(refused.headers['WWW-Authenticate']).toBe(`Basic realm="${getSettings().SITE_URL}", charset="UTF-8"`);
    expect(refused.headers).toMatchObject({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    // The same challenge when a site error maps to invalid_client: one realm, not two.
    expect(oauthError(new AppError('unauthorized')).headers['WWW-Authenticate']).toBe(refused.headers['WWW-Authenticate']);
    // An unknown client shown on the authorization page is a 400 without a challenge.
    const unknown = oauthError(new OAuthError('invalid_client.unknown', undefined, { status: 400 }));
    expect([unknown.status, unknown.headers['WWW-Authenticate']]).toEqual([400, undefined]);
  });

  it('follows RFC 6750 §3.1 for the resource server codes', () => {
    expect([oauthStatuses.invalid_request, oauthStatuses.invalid_token, oauthStatuses.insufficient_scope]).toEqual([400, 401, 403]);
  });

  it('keeps the sentence of the failure it wraps, in each language', () => {
    const error = new OAuthError('invalid_request.unreadable_body', { cause });
    expect(error.message).toBe('The request body is not valid UTF-8. Send application/x-www-form-urlencoded (or JSON) parameters.');
    expect(error.messageIn('pl')).toMatch(/^Treść żądania nie jest poprawnym UTF-8\./);
  });
});
