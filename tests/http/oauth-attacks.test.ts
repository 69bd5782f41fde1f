/**
 * The attack matrix: every request below is refused with the error the RFCs name (RFC 6749 §4.1.2.1
 * and §5.2, RFC 7636 §4.4.1 and §4.6, RFC 6750 §3.1, RFC 7591 §3.2.2, RFC 8707 §2) and never
 * redirected where it must not be. Bearer cases run against POST /ask on a server with
 * OAUTH_ENFORCEMENT=all, signed (where a signature is needed) with the server's own key.
 */
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeCallback,
  authorizeUrl,
  CLIENT_ID,
  CLIENT_SECRET,
  codeFlow,
  clientCredentials,
  discover,
  privateJwk,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from '../support/oauth';
import type { TestServer } from '../support/server';

let server: TestServer;
let as: oauth.AuthorizationServer;
let client: oauth.Client;
let signingJwk: JWK;

beforeAll(async () => {
  const key = await privateJwk();
  signingJwk = JSON.parse(key);
  server = await startOAuthServer({ OAUTH_SIGNING_KEY: key, OAUTH_ENFORCEMENT: 'all' });
  as = await discover(server);
  client = await register(as);
});
afterAll(async () => {
  await server?.stop();
});

const form = (parameters: Record<string, string>) => new URLSearchParams(parameters);

async function tokenRequest(parameters: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(as.token_endpoint!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: form(parameters),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { error?: string; access_token?: string; refresh_token?: string } };
}

/** A code for `client` with a known verifier: with enforcement on, a person allows it on the consent page. */
async function freshCode(scope = 'ask:query', forClient = client) {
  const verifier = oauth.generateRandomCodeVerifier();
  const { callback } = await authorizeCallback(as, forClient, verifier, { scope });
  return { code: callback.searchParams.get('code')!, verifier };
}

function redeem(code: string, verifier: string | undefined, forClient = client, extra: Record<string, string> = {}) {
  return tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: forClient.client_id,
    ...(verifier !== undefined ? { code_verifier: verifier } : {}),
    ...extra,
  });
}

async function ask(token: string, query = '?') {
  return fetch(`${server.url}/ask${query === '?' ? '' : query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'strona internetowa' }),
  });
}

async function mint(claims: Record<string, unknown>, options: { alg?: string; key?: JWK; typ?: string } = {}) {
  const jwk = options.key ?? signingJwk;
  const alg = options.alg ?? 'ES256';
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: CLIENT_ID, scope: 'ask:query', ...claims })
    .setProtectedHeader({ alg, typ: options.typ ?? 'at+jwt' })
    .setIssuer((claims.iss as string) ?? server.url)
    .setAudience((claims.aud as string) ?? server.url)
    .setSubject(CLIENT_ID)
    .setIssuedAt((claims.iat as number) ?? now)
    .setExpirationTime((claims.exp as number) ?? now + 600)
    .setJti(crypto.randomUUID())
    .sign(await importJWK(jwk, alg));
}

async function expectInvalidToken(response: Response) {
  expect(response.status).toBe(401);
  const header = response.headers.get('www-authenticate')!;
  expect(header).toMatch(/^Bearer /);
  expect(header).toContain('error="invalid_token"');
  expect(header).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource/ask"`);
  expect((await response.json()).error.code).toBe('unauthorized');
}

describe('authorization endpoint', () => {
  async function refusedByRedirect(parameters: Record<string, string | null>, error: string) {
    const url = await authorizeUrl(as, client, oauth.generateRandomCodeVerifier(), { parameters, state: 'st' });
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(body.error).toBe(error);
    expect(body.code).toBeUndefined();
    // The error goes back to the registered redirect URI only, with the state.
    const target = new URL(body.redirect_to);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get('error')).toBe(error);
    expect(target.searchParams.get('state')).toBe('st');
    // A browser is sent there with 302.
    const browser = await fetch(url, { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(browser.status).toBe(302);
    expect(new URL(browser.headers.get('location')!).searchParams.get('error')).toBe(error);
  }

  async function refusedInPlace(parameters: Record<string, string | null>, error: string, forClient = client) {
    const url = await authorizeUrl(as, forClient, oauth.generateRandomCodeVerifier(), { parameters });
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe(error);
    expect(body.redirect_to).toBeUndefined();
    const browser = await fetch(url, { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(browser.status).toBe(400);
    expect(browser.headers.get('location')).toBeNull();
    expect(await browser.text()).toContain(error);
  }

  it('1. PKCE missing: no code_challenge → invalid_request', () => refusedByRedirect({ code_challenge: null }, 'invalid_request'));
  it('2. PKCE plain → invalid_request', () => refusedByRedirect({ code_challenge_method: 'plain' }, 'invalid_request'));
  it('3. PKCE method omitted (defaults to plain) → invalid_request', () => refusedByRedirect({ code_challenge_method: null }, 'invalid_request'));
  it('4. response_type=token (implicit) → unsupported_response_type', () => refusedByRedirect({ response_type: 'token' }, 'unsupported_response_type'));
  it('5. unknown scope → invalid_scope', () => refusedByRedirect({ scope: 'mcp:read admin' }, 'invalid_scope'));
  it('6. a resource of another server → invalid_target', () => refusedByRedirect({ resource: 'https://evil.example/mcp' }, 'invalid_target'));
  it('7. a parameter sent twice → invalid_request', async () => {
    const url = await authorizeUrl(as, client, oauth.generateRandomCodeVerifier());
    url.searchParams.append('scope', 'ask:query');
    url.searchParams.append('scope', 'mcp:read');
    const body = await (await fetch(url, { headers: { Accept: 'application/json' } })).json();
    expect(body.error).toBe('invalid_request');
  });
  it('8. redirect URI mismatch (other loopback host, other path, https on a loopback) → shown, not redirected; another port is allowed (RFC 8252 §7.3)', async () => {
    await refusedInPlace({ redirect_uri: 'http://localhost:8976/callback' }, 'invalid_request');
    await refusedInPlace({ redirect_uri: 'http://127.0.0.1:8977/callbacks' }, 'invalid_request');
    await refusedInPlace({ redirect_uri: 'https://127.0.0.1:8977/callback' }, 'invalid_request');
    await refusedInPlace({ redirect_uri: 'http://127.0.0.1.evil.example:8977/callback' }, 'invalid_request');
  });
  it('9. open redirect to another host → shown, not redirected', () => refusedInPlace({ redirect_uri: 'https://evil.example/callback' }, 'invalid_request'));
  it('10. redirect URI extended with a path or query → shown, not redirected', async () => {
    await refusedInPlace({ redirect_uri: `${REDIRECT_URI}/../evil` }, 'invalid_request');
    await refusedInPlace({ redirect_uri: `${REDIRECT_URI}?next=https://evil.example` }, 'invalid_request');
  });
  it('11. unknown client_id → invalid_client, shown', () => refusedInPlace({ client_id: 'mcp_doesnotexist0000000000000' }, 'invalid_client'));
});

describe('token endpoint', () => {
  it('12. wrong code_verifier → invalid_grant', async () => {
    const { code } = await freshCode();
    const result = await redeem(code, oauth.generateRandomCodeVerifier());
    expect(result).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('13. missing code_verifier → invalid_grant', async () => {
    const { code } = await freshCode();
    expect(await redeem(code, undefined)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('14. PKCE downgrade: the challenge sent as a plain verifier → invalid_grant', async () => {
    const { code, verifier } = await freshCode();
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(await redeem(code, challenge)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('15. code reuse → invalid_grant, and the tokens of the first use are revoked', async () => {
    const { code, verifier } = await freshCode();
    const first = await redeem(code, verifier);
    expect(first.status).toBe(200);
    expect((await ask(first.body.access_token!)).status).toBe(200);
    expect(await redeem(code, verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await expectInvalidToken(await ask(first.body.access_token!));
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: client.client_id });
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('16. 50 parallel redemptions of one code: exactly one token; the others revoke it', async () => {
    const { code, verifier } = await freshCode();
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(code, verifier)));
    const winners = results.filter((result) => result.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result.status === 400 && result.body.error === 'invalid_grant')).toHaveLength(49);
    await expectInvalidToken(await ask(winners[0]!.body.access_token!));
  });

  it('17. a code redeemed by another client → invalid_grant', async () => {
    const other = await register(as);
    const { code, verifier } = await freshCode();
    expect(await redeem(code, verifier, other)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('18. redirect_uri at the token endpoint differs → invalid_grant', async () => {
    const { code, verifier } = await freshCode();
    expect(await redeem(code, verifier, client, { redirect_uri: 'http://127.0.0.1:8977/callback' })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('19. unsupported grant (password) → unsupported_grant_type', async () => {
    const result = await tokenRequest({ grant_type: 'password', username: 'a', password: 'b', client_id: client.client_id });
    expect(result).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
  });

  it('20. no grant_type → invalid_request', async () => {
    expect(await tokenRequest({ client_id: client.client_id })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('21. wrong client secret (Basic) → 401 invalid_client with WWW-Authenticate', async () => {
    const result = await tokenRequest({ grant_type: 'client_credentials' }, { Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:wrong`).toString('base64')}` });
    expect(result).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(result.headers.get('www-authenticate')).toMatch(/^Basic /);
    const almost = await tokenRequest({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: `${CLIENT_SECRET}x` });
    expect(almost).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('22. unknown public client → 401 invalid_client', async () => {
    expect(await tokenRequest({ grant_type: 'authorization_code', code: 'x', client_id: 'mcp_unknown00000000000000000' })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('23. client_credentials by a public client → unauthorized_client', async () => {
    expect(await tokenRequest({ grant_type: 'client_credentials', client_id: client.client_id })).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
  });

  it('24. client_credentials with an unknown scope → invalid_scope', async () => {
    await expect(clientCredentials(as, 'ask:query root')).rejects.toMatchObject({ error: 'invalid_scope' });
  });

  it('25. refresh token reuse → invalid_grant, and the whole family is revoked', async () => {
    const tokens = await codeFlow(as, client, { scope: 'ask:query' });
    const rotated = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id });
    expect(rotated.status).toBe(200);
    expect((await ask(rotated.body.access_token!)).status).toBe(200);
    const replay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const next = await tokenRequest({ grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token!, client_id: client.client_id });
    expect(next).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await expectInvalidToken(await ask(rotated.body.access_token!));
  });

  it('26. a refresh asking for more scope than granted → invalid_scope', async () => {
    const tokens = await codeFlow(as, client, { scope: 'ask:query' });
    const wider = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id, scope: 'ask:query mcp:tools:booking' });
    expect(wider).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });

  it('27. a refresh token of one client used by another → invalid_grant', async () => {
    const other = await register(as);
    const tokens = await codeFlow(as, client, { scope: 'ask:query' });
    const stolen = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: other.client_id });
    expect(stolen).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('bearer tokens at a protected endpoint (POST /ask, enforcement all)', () => {
  it('accepts a token of ours with the right scope (the control case)', async () => {
    expect((await ask(await mint({}))).status).toBe(200);
  });

  it('28. forged: right claims, signed by another key → invalid_token', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    await expectInvalidToken(await ask(await mint({}, { key: await exportJWK(privateKey) })));
  });

  it('29. alg none → invalid_token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const payload = Buffer.from(JSON.stringify({ iss: server.url, aud: server.url, sub: CLIENT_ID, client_id: CLIENT_ID, scope: 'ask:query', iat: now, exp: now + 600, jti: 'x' })).toString('base64url');
    await expectInvalidToken(await ask(`${header}.${payload}.`));
  });

  it('30. HS256 signed with the public key as the secret (algorithm confusion) → invalid_token', async () => {
    const { keys } = await (await fetch(as.jwks_uri!)).json();
    const secret = new TextEncoder().encode(JSON.stringify(keys[0]));
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ client_id: CLIENT_ID, scope: 'ask:query' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(server.url).setAudience(server.url).setSubject(CLIENT_ID).setIssuedAt(now).setExpirationTime(now + 600).setJti('y')
      .sign(secret);
    await expectInvalidToken(await ask(token));
  });

  it('31. expired (beyond the 30 s skew) → invalid_token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectInvalidToken(await ask(await mint({ iat: now - 7200, exp: now - 120 })));
  });

  it('32. issued for another audience → invalid_token', async () => {
    await expectInvalidToken(await ask(await mint({ aud: 'https://other.example' })));
    // A token bound to /mcp is not a token for /ask either.
    await expectInvalidToken(await ask(await mint({ aud: `${server.url}/mcp` })));
  });

  it('33. from another issuer → invalid_token', async () => {
    await expectInvalidToken(await ask(await mint({ iss: 'https://issuer.example' })));
  });

  it('34. not an access token (typ JWT) → invalid_token', async () => {
    await expectInvalidToken(await ask(await mint({}, { typ: 'JWT' })));
  });

  it('35. a token for one scope used for another → 403 insufficient_scope naming the needed scope', async () => {
    const tokens = await clientCredentials(as, 'newsletter:subscribe');
    const response = await ask(tokens.access_token);
    expect(response.status).toBe(403);
    const header = response.headers.get('www-authenticate')!;
    expect(header).toContain('error="insufficient_scope"');
    // The scopes to authorize again with: the one held and the one needed.
    expect(header).toContain('scope="newsletter:subscribe ask:query"');
    expect((await response.json()).error.code).toBe('insufficient_scope');
  });

  it('36. a token in the query string is not accepted → 401', async () => {
    const token = await mint({});
    const response = await fetch(`${server.url}/ask?access_token=${token}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'x' }) });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata=/);
  });
});

describe('registration', () => {
  async function registration(metadata: Record<string, unknown>) {
    const response = await fetch(as.registration_endpoint!, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(metadata) });
    return { status: response.status, body: await response.json() };
  }

  it('37. https redirect URIs the site does not list, and non-http schemes → invalid_redirect_uri', async () => {
    expect(await registration({ redirect_uris: ['https://evil.example/cb'] })).toMatchObject({ status: 400, body: { error: 'invalid_redirect_uri' } });
    expect(await registration({ redirect_uris: ['javascript:alert(1)'] })).toMatchObject({ status: 400, body: { error: 'invalid_redirect_uri' } });
    expect(await registration({ redirect_uris: ['http://127.0.0.1:9/cb#frag'] })).toMatchObject({ status: 400, body: { error: 'invalid_redirect_uri' } });
  });

  it('38. a public client asking for client_credentials, or an unknown scope → invalid_client_metadata', async () => {
    expect(await registration({ redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] })).toMatchObject({ status: 400, body: { error: 'invalid_client_metadata' } });
    expect(await registration({ redirect_uris: [REDIRECT_URI], scope: 'admin' })).toMatchObject({ status: 400, body: { error: 'invalid_client_metadata' } });
  });
});
