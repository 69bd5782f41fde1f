/** The pure parts of OAuth: the settings rules, the enforcement decision, the challenge header and the consent page. */
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { consentPage, pageHeaders } from '../../src/server/oauth/consent-page';
import { decide, tokenRequired, type Bearer } from '../../src/server/oauth/enforce';
import { operationAuth, protectedResources } from '../../src/server/oauth/enforcement-table';
import { algorithmOf } from '../../src/server/oauth/keys';
import type { TokenAuth } from '../../src/server/oauth/tokens';
import { parseSettings, SettingsError } from '../../src/server/base/settings';

const privateEc = async () => JSON.stringify(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey));

describe('OAuth settings', () => {
  it('refuses enforcement without a signing key, naming the setting', () => {
    for (const level of ['write', 'all']) {
      expect(() => parseSettings({ OAUTH_ENFORCEMENT: level })).toThrow(/OAUTH_ENFORCEMENT=.* needs OAUTH_SIGNING_KEY/);
    }
    expect(parseSettings({}).OAUTH_ENFORCEMENT).toBe('off');
  });

  it('caps registrations and codes per hour and forgets unused clients after a day, by default', () => {
    const settings = parseSettings({});
    expect(settings).toMatchObject({ OAUTH_REGISTRATIONS_PER_HOUR: 20, OAUTH_CODES_PER_HOUR: 60, OAUTH_UNUSED_CLIENT_SECONDS: 86_400 });
    expect(() => parseSettings({ OAUTH_CODES_PER_HOUR: '0' })).toThrow(/OAUTH_CODES_PER_HOUR/);
  });

  it('pre-approves registered client ids only, refusing redirect URIs and names anyone could register', () => {
    const id = 'mcp_AbCdEfGhIjKlMnOpQrStUv12';
    expect(parseSettings({ OAUTH_PREAPPROVED_CLIENTS: ` ${id} , mcp_${'x'.repeat(30)}` }).OAUTH_PREAPPROVED_CLIENTS).toContain(id);
    for (const entry of ['https://backend.example/callback', 'http://127.0.0.1:8976/callback', 'Claude Desktop']) {
      expect(() => parseSettings({ OAUTH_PREAPPROVED_CLIENTS: `${id},${entry}` })).toThrow(/OAUTH_PREAPPROVED_CLIENTS: .* is not a registered client id/);
    }
  });

  it('accepts a private EC key and refuses public, symmetric and malformed ones', async () => {
    const key = await privateEc();
    expect(parseSettings({ OAUTH_ENFORCEMENT: 'all', OAUTH_SIGNING_KEY: key }).OAUTH_SIGNING_KEY).toBe(key);
    const { d: _d, ...publicOnly } = JSON.parse(key);
    const problems = (value: string) => {
      try {
        parseSettings({ OAUTH_SIGNING_KEY: value });
        return [];
      } catch (error) {
        return (error as SettingsError).problems;
      }
    };
    expect(problems(JSON.stringify(publicOnly))[0]).toMatch(/not a private key/);
    expect(problems('{"kty":"oct","k":"c2VjcmV0"}')[0]).toMatch(/symmetric/);
    expect(problems('not json')[0]).toMatch(/not JSON/);
    expect(problems(JSON.stringify({ ...JSON.parse(key), alg: 'HS256' }))[0]).toMatch(/alg HS256/);
  });

  it('wants the client id and secret together, and https or loopback redirect URIs', () => {
    expect(() => parseSettings({ OAUTH_CLIENT_ID: 'a' })).toThrow(/OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET/);
    expect(() => parseSettings({ OAUTH_REDIRECT_URIS: 'http://example.com/cb' })).toThrow(/OAUTH_REDIRECT_URIS/);
    expect(() => parseSettings({ OAUTH_REDIRECT_URIS: 'https://a.example/cb#x' })).toThrow(/OAUTH_REDIRECT_URIS/);
    expect(parseSettings({ OAUTH_REDIRECT_URIS: 'https://claude.ai/api/mcp/auth_callback, http://127.0.0.1:6274/oauth/callback' }).OAUTH_REDIRECT_URIS).toBeTruthy();
  });

  it('derives the signing algorithm from the key, never from outside', () => {
    expect(algorithmOf({ kty: 'EC', crv: 'P-256' })).toBe('ES256');
    expect(algorithmOf({ kty: 'EC', crv: 'P-384' })).toBe('ES384');
    expect(algorithmOf({ kty: 'OKP', crv: 'Ed25519' })).toBe('EdDSA');
    expect(algorithmOf({ kty: 'RSA' })).toBe('RS256');
    expect(algorithmOf({ kty: 'RSA', alg: 'PS256' })).toBe('PS256');
    expect(algorithmOf({ kty: 'oct' })).toBeUndefined();
    expect(algorithmOf({ kty: 'EC', crv: 'P-256', alg: 'none' })).toBeUndefined();
  });
});

describe('the enforcement decision', () => {
  const auth = (scopes: TokenAuth['scopes']): Bearer => ({
    kind: 'valid',
    auth: { clientId: 'c', subject: 's', scopes, audience: ['x'], expiresAt: 0, token: 't' },
  });

  it('requires a token for write operations from write on, for all-level operations only under all', () => {
    expect([tokenRequired('write', 'off'), tokenRequired('write', 'write'), tokenRequired('write', 'all')]).toEqual([false, true, true]);
    expect([tokenRequired('all', 'off'), tokenRequired('all', 'write'), tokenRequired('all', 'all')]).toEqual([false, false, true]);
    expect(tokenRequired(undefined, 'all')).toBe(false);
  });

  it('answers 401 without a token, 401 invalid_token for a bad one, 403 for a wrong scope, and lets the right one through', () => {
    expect(decide({ kind: 'absent' }, ['ask:query'], 'write', 'write')).toMatchObject({ allow: false, status: 401, scope: ['ask:query'] });
    expect(decide({ kind: 'absent' }, ['ask:query'], 'write', 'write')).not.toHaveProperty('error');
    expect(decide({ kind: 'invalid', reason: 'expired' }, ['ask:query'], 'write', 'all')).toMatchObject({ allow: false, status: 401, error: 'invalid_token' });
    // The challenge names the scopes to authorize again with: those held and the one needed.
    expect(decide(auth(['mcp:read']), ['ask:query'], 'write', 'write')).toMatchObject({ allow: false, status: 403, error: 'insufficient_scope', scope: ['mcp:read', 'ask:query'] });
    expect(decide(auth(['ask:query']), ['ask:query'], 'write', 'write')).toMatchObject({ allow: true, auth: { clientId: 'c' } });
    // Any valid token when no particular scope is asked for.
    expect(decide(auth(['newsletter:subscribe']), [], 'all', 'all')).toMatchObject({ allow: true });
  });

  it('needs no token where none is required, but refuses one that is sent and not valid (RFC 6750 §3.1)', () => {
    expect(decide({ kind: 'absent' }, ['mcp:read'], 'all', 'write')).toEqual({ allow: true });
    expect(decide({ kind: 'absent' }, ['ask:query'], 'write', 'off')).toEqual({ allow: true });
    expect(decide({ kind: 'invalid', reason: 'x' }, ['ask:query'], 'write', 'off')).toMatchObject({ allow: false, status: 401, error: 'invalid_token' });
    // A valid token of another scope is used where it is optional, never refused.
    expect(decide(auth(['mcp:read']), ['ask:query'], 'write', 'off')).toMatchObject({ allow: true });
  });

  it('keeps contact, slots and chat public and lists the protected resources with their scopes', () => {
    expect(operationAuth('/api/contact', 'POST')).toBeUndefined();
    expect(operationAuth('/api/consultation/slots', 'GET')).toBeUndefined();
    expect(operationAuth('/api/chat', 'POST')).toBeUndefined();
    expect(operationAuth('/ask/', 'POST')).toMatchObject({ scope: ['ask:query'], token: 'write' });
    // GET /ask is the same query, and /a2a answers with /ask: the same scope and level.
    expect(operationAuth('/ask', 'GET')).toMatchObject({ scope: ['ask:query'], token: 'write' });
    expect(operationAuth('/a2a', 'POST')).toMatchObject({ scope: ['ask:query'], token: 'write' });
    expect(operationAuth('/mcp', 'POST')?.token).toBe('per-tool');
    expect(protectedResources().map((resource) => resource.path).sort()).toEqual(
      ['/.well-known/mcp', '/a2a', '/api/mcp', '/api/newsletter/unsubscribe', '/api/subscribe', '/ask', '/mcp'],
    );
  });
});

describe('the consent page', () => {
  const input = {
    siteName: 'Pracownia <Cyfrowa>',
    clientName: '"><img src=x onerror=alert(1)>',
    clientId: 'mcp_abc',
    redirectUri: 'http://127.0.0.1:1234/cb',
    scopes: ['mcp:read', 'mcp:tools:booking'] as const,
    parameters: [['state', '"><script>'], ['client_id', 'mcp_abc']] as Array<[string, string]>,
    action: 'https://site.example/.well-known/oauth2/authorize',
  };

  it('escapes everything a client controls and lists the scopes in the language asked', () => {
    const html = consentPage({ ...input, scopes: [...input.scopes], locale: 'pl' });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#34;&#62;&#60;img');
    expect(html).toContain('Narzędzia MCP tylko do odczytu');
    expect(html).toContain('Narzędzia MCP, które rezerwują konsultację.');
    expect(html).toContain('name="decision" value="allow"');
    const en = consentPage({ ...input, scopes: [...input.scopes], locale: 'en' });
    expect(en).toContain('Read-only MCP tools');
    expect(en).toContain('>Deny<');
  });

  it('forbids framing and lets the form land only here and on the client', () => {
    const headers = pageHeaders('http://127.0.0.1:1234/cb');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Content-Security-Policy']).toContain("form-action 'self' http://127.0.0.1:1234");
  });
});
