/**
 * The OAuth 2.0 authorization server through oauth4webapi, a real client library: discovery
 * (RFC 8414, RFC 9728), client credentials, dynamic registration (RFC 7591), the code flow with
 * PKCE S256 and RFC 8707 resource, refresh with rotation; every access token is verified with jose
 * against the keys published at jwks_uri. Also the consent page's form round trip.
 */
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  clientCredentials,
  codeFlow,
  CLIENT_ID,
  CLIENT_SECRET,
  discover,
  insecure,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from '../support/oauth';
import { openApiChecker } from '../support/openapi';
import { startServer, type TestServer } from '../support/server';

const SCOPES = ['newsletter:subscribe', 'newsletter:unsubscribe', 'mcp:read', 'mcp:tools:inquiry', 'mcp:tools:booking', 'ask:query'];

let server: TestServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  server = await startOAuthServer();
  as = await discover(server);
});
afterAll(async () => {
  await server?.stop();
});

async function verify(token: string, audience: string) {
  const keys = createRemoteJWKSet(new URL(as.jwks_uri!));
  return jwtVerify(token, keys, { issuer: server.url, audience, typ: 'at+jwt' });
}

describe('discovery', () => {
  it('serves RFC 8414 metadata that oauth4webapi accepts', () => {
    expect(as.issuer).toBe(server.url);
    expect(as).toMatchObject({
      authorization_endpoint: `${server.url}/.well-known/oauth2/authorize`,
      token_endpoint: `${server.url}/.well-known/oauth2/token`,
      registration_endpoint: `${server.url}/.well-known/oauth2/register`,
      jwks_uri: `${server.url}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
      scopes_supported: SCOPES,
      token_endpoint_auth_methods_supported: expect.arrayContaining(['none', 'client_secret_basic']),
      authorization_response_iss_parameter_supported: true,
    });
  });

  it.each([
    ['/mcp', ['mcp:read', 'mcp:tools:inquiry', 'mcp:tools:booking']],
    ['/api/mcp', ['mcp:read', 'mcp:tools:inquiry', 'mcp:tools:booking']],
    ['/.well-known/mcp', ['mcp:read', 'mcp:tools:inquiry', 'mcp:tools:booking']],
    ['/ask', ['ask:query']],
    ['/api/subscribe', ['newsletter:subscribe']],
  ])('serves RFC 9728 metadata for %s at the path-inserted URL', async (path, scopes) => {
    const resource = new URL(`${server.url}${path}`);
    const response = await oauth.resourceDiscoveryRequest(resource, insecure);
    expect(response.url).toBe(`${server.url}/.well-known/oauth-protected-resource${path}`);
    const metadata = await oauth.processResourceDiscoveryResponse(resource, response);
    expect(metadata).toMatchObject({ resource: resource.href, authorization_servers: [server.url], scopes_supported: scopes, bearer_methods_supported: ['header'] });
  });

  it('serves the root protected-resource document for the whole API, and 404 for paths that are not resources', async () => {
    const root = await (await fetch(`${server.url}/.well-known/oauth-protected-resource`)).json();
    expect(root).toMatchObject({ resource: server.url, authorization_servers: [server.url], scopes_supported: SCOPES });
    const missing = await fetch(`${server.url}/.well-known/oauth-protected-resource/api/contact`);
    expect(missing.status).toBe(404);
  });

  it('publishes exactly one public signing key', async () => {
    const response = await fetch(as.jwks_uri!);
    expect(response.headers.get('content-type')).toContain('application/jwk-set+json');
    const { keys } = await response.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
    expect(keys[0].d).toBeUndefined();
  });
});

describe('client credentials', () => {
  it('issues a signed JWT with the requested scope, verifiable through jwks_uri', async () => {
    const tokens = await clientCredentials(as, 'ask:query mcp:read');
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'ask:query mcp:read' });
    expect(tokens.refresh_token).toBeUndefined();
    const { payload, protectedHeader } = await verify(tokens.access_token, server.url);
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(payload).toMatchObject({ iss: server.url, aud: server.url, sub: CLIENT_ID, client_id: CLIENT_ID, scope: 'ask:query mcp:read' });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.jti).toEqual(expect.any(String));
  });

  it('defaults to every scope, binds a resource into the audience, and answers no-store', async () => {
    const all = await clientCredentials(as);
    expect(all.scope).toBe(SCOPES.join(' '));
    const bound = await clientCredentials(as, 'mcp:read', `${server.url}/mcp`);
    expect((await verify(bound.access_token, `${server.url}/mcp`)).payload.aud).toBe(`${server.url}/mcp`);
    const raw = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` },
      body: 'grant_type=client_credentials&scope=mcp%3Aread',
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(raw.headers.get('pragma')).toBe('no-cache');
  });

  it('accepts a JSON body with client_secret_post', async () => {
    const response = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, scope: 'ask:query' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer', scope: 'ask:query', expires_in: 3600 });
  });
});

describe('registration and the code flow', () => {
  it('registers a public client (RFC 7591)', async () => {
    const client = await register(as, { scope: 'mcp:read mcp:tools:inquiry' });
    expect(client.client_id).toMatch(/^mcp_/);
    expect(client).toMatchObject({
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'mcp:read mcp:tools:inquiry',
      client_name: 'Test MCP host',
    });
  });

  it('runs the code flow with PKCE and binds the resource into the audience', async () => {
    const client = await register(as);
    const resource = `${server.url}/mcp`;
    const tokens = await codeFlow(as, client, { scope: 'mcp:read mcp:tools:booking', resource });
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'mcp:read mcp:tools:booking', refresh_token: expect.any(String) });
    const { payload } = await verify(tokens.access_token, resource);
    expect(payload).toMatchObject({ iss: server.url, aud: resource, client_id: client.client_id, scope: 'mcp:read mcp:tools:booking' });
    expect(decodeProtectedHeader(tokens.access_token).kid).toEqual(expect.any(String));
  });

  it('refreshes with rotation: each refresh token works once, and the new one keeps working', async () => {
    const client = await register(as);
    const first = await codeFlow(as, client, { scope: 'ask:query' });
    const refresh = async (token: string) =>
      oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, insecure));
    const second = await refresh(first.refresh_token!);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await verify(second.access_token, server.url)).payload.scope).toBe('ask:query');
    const third = await refresh(second.refresh_token!);
    expect(third.refresh_token).not.toBe(second.refresh_token);
    await expect(refresh(first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('a refused refresh (a scope beyond the grant, another client, a foreign resource) does not spend the token', async () => {
    const client = await register(as);
    const other = await register(as);
    const first = await codeFlow(as, client, { scope: 'ask:query' });
    const refused = async (who: oauth.Client, parameters: Record<string, string>) => {
      const response = await oauth.refreshTokenGrantRequest(as, who, oauth.None(), first.refresh_token!, { ...insecure, additionalParameters: parameters });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await refused(client, { scope: 'ask:query mcp:read' })).toBe('invalid_scope');
    expect(await refused(other, {})).toBe('invalid_grant');
    expect(await refused(client, { resource: 'https://elsewhere.example/mcp' })).toBe('invalid_target');
    // The legitimate refresh still works, and its new token and the grant's access token stay valid.
    const second = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, insecure));
    expect(second.refresh_token).toEqual(expect.any(String));
    const third = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), second.refresh_token!, insecure));
    expect((await verify(third.access_token, server.url)).payload.scope).toBe('ask:query');
  });
});

describe('the consent page (browsers)', () => {
  it('shows the client and the scopes, then Allow redirects with code, state and iss (303)', async () => {
    const client = await register(as, { client_name: 'Inspector <script>alert(1)</script>' });
    const verifier = oauth.generateRandomCodeVerifier();
    const url = await authorizeUrl(as, client, verifier, { scope: 'mcp:read ask:query', state: 'xyz-state' });
    const page = await fetch(url, { headers: { Accept: 'text/html', 'Accept-Language': 'en-GB,en;q=0.9' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Inspector &#60;script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Natural-language queries at /ask.');
    expect(html).not.toContain('Subscribe an address');

    const form = new URLSearchParams([...url.searchParams.entries(), ['decision', 'allow']]);
    const allowed = await fetch(as.authorization_endpoint!, { method: 'POST', body: form, redirect: 'manual', headers: { Origin: server.url, Accept: 'text/html' } });
    expect(allowed.status).toBe(303);
    const callback = new URL(allowed.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    const parameters = oauth.validateAuthResponse(as, client, callback, 'xyz-state');
    const tokens = oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), parameters, REDIRECT_URI, verifier, insecure),
    );
    expect((await tokens).scope).toBe('mcp:read ask:query');
  });

  it('speaks Polish by default, and Deny returns access_denied with the state', async () => {
    const client = await register(as);
    const url = await authorizeUrl(as, client, oauth.generateRandomCodeVerifier(), { state: 's1' });
    const html = await (await fetch(url, { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('Zezwól');
    const form = new URLSearchParams([...url.searchParams.entries(), ['decision', 'deny']]);
    const denied = await fetch(as.authorization_endpoint!, { method: 'POST', body: form, redirect: 'manual' });
    expect(denied.status).toBe(303);
    const location = new URL(denied.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s1');
    expect(location.searchParams.get('iss')).toBe(server.url);
  });

  it('refuses the form posted from another origin', async () => {
    const client = await register(as);
    const url = await authorizeUrl(as, client, oauth.generateRandomCodeVerifier());
    const form = new URLSearchParams([...url.searchParams.entries(), ['decision', 'allow']]);
    const response = await fetch(as.authorization_endpoint!, { method: 'POST', body: form, redirect: 'manual', headers: { Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });
});

describe('start-up', () => {
  it('refuses to start with enforcement on and no signing key, naming the setting', async () => {
    for (const level of ['write', 'all']) {
      await expect(startServer({ OAUTH_ENFORCEMENT: level })).rejects.toThrow(/exited with 1[\s\S]*OAUTH_SIGNING_KEY/);
    }
  });

  it('starts with enforcement off and no key, signing with a key made up at start', async () => {
    const bare = await startServer((port) => ({ SITE_URL: `http://127.0.0.1:${port}`, OAUTH_CLIENT_ID: 'svc', OAUTH_CLIENT_SECRET: 'secret-secret' }));
    try {
      const { keys } = await (await fetch(`${bare.url}/.well-known/jwks.json`)).json();
      expect(keys).toHaveLength(1);
      const response = await fetch(`${bare.url}/.well-known/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('svc:secret-secret').toString('base64')}` },
        body: 'grant_type=client_credentials',
      });
      const { access_token } = await response.json();
      const jwks = createRemoteJWKSet(new URL(`${bare.url}/.well-known/jwks.json`));
      expect((await jwtVerify(access_token, jwks, { issuer: bare.url, audience: bare.url })).payload.client_id).toBe('svc');
    } finally {
      await bare.stop();
    }
  });
});

describe('answers match /openapi.json', () => {
  it('metadata, keys, authorize, token and registration answer as documented', async () => {
    const api = await openApiChecker(server.url);
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/jwks.json']) {
      await api.check('GET', path, await fetch(`${server.url}${path}`));
    }
    const post = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': type, ...headers }, body });
    const registered = await api.check('POST', '/.well-known/oauth2/register', await post('/.well-known/oauth2/register', JSON.stringify({ redirect_uris: [REDIRECT_URI] }), 'application/json'));
    await api.check('POST', '/.well-known/oauth2/register', await post('/.well-known/oauth2/register', JSON.stringify({ redirect_uris: ['https://evil.example/'] }), 'application/json'));
    const client = registered as oauth.Client;
    const verifier = oauth.generateRandomCodeVerifier();
    const url = await authorizeUrl(as, client, verifier);
    const authorized = (await api.check('GET', '/.well-known/oauth2/authorize', await fetch(url, { headers: { Accept: 'application/json' } }))) as { code: string };
    url.searchParams.set('code_challenge_method', 'plain');
    await api.check('GET', '/.well-known/oauth2/authorize', await fetch(url, { headers: { Accept: 'application/json' } }));
    const form = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();
    const type = 'application/x-www-form-urlencoded';
    await api.check('POST', '/.well-known/oauth2/token', await post('/.well-known/oauth2/token', form({ grant_type: 'authorization_code', code: authorized.code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id }), type));
    await api.check('POST', '/.well-known/oauth2/token', await post('/.well-known/oauth2/token', form({ grant_type: 'password', client_id: client.client_id }), type));
    await api.check('POST', '/.well-known/oauth2/token', await post('/.well-known/oauth2/token', form({ grant_type: 'client_credentials' }), type, { Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:nope`).toString('base64')}` }));
  });
});
