/**
 * Token revocation (RFC 7009) through oauth4webapi's revocation request, against a server enforcing
 * tokens for /ask (OAUTH_ENFORCEMENT=write): a revoked refresh token ends its whole family (the
 * rotated refresh token, and every access token of the grant, are refused); a revoked access token is
 * refused at once while its refresh token still works; the confidential client revokes its own
 * client-credentials token; unknown tokens and tokens of other clients are answered 200 and left alone.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentials, CLIENT_ID, CLIENT_SECRET, codeFlow, discover, insecure, register, startOAuthServer } from '../support/oauth';
import type { TestServer } from '../support/server';

let server: TestServer;
let as: oauth.AuthorizationServer;
let client: oauth.Client;

beforeAll(async () => {
  server = await startOAuthServer({ OAUTH_ENFORCEMENT: 'write' });
  as = await discover(server);
  client = await register(as, { grant_types: ['authorization_code', 'refresh_token'], scope: 'ask:query' });
});
afterAll(() => server?.stop());

const ask = (token: string) =>
  fetch(`${server.url}/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ query: 'cennik' }) });

const revoke = async (token: string, by: oauth.Client = client, auth: oauth.ClientAuth = oauth.None(), hint?: string) => {
  const response = await oauth.revocationRequest(as, by, auth, token, { ...insecure, ...(hint ? { additionalParameters: { token_type_hint: hint } } : {}) });
  expect(response.status).toBe(200);
  await oauth.processRevocationResponse(response);
};

const refresh = async (token: string, by: oauth.Client = client) => oauth.refreshTokenGrantRequest(as, by, oauth.None(), token, insecure);

describe('POST /.well-known/oauth2/revoke', () => {
  it('is the revocation_endpoint of the metadata, with the token endpoint\'s client authentication methods', () => {
    expect(as.revocation_endpoint).toBe(`${server.url}/.well-known/oauth2/revoke`);
    expect(as.revocation_endpoint_auth_methods_supported).toEqual(['none', 'client_secret_basic', 'client_secret_post']);
  });

  it('a revoked refresh token ends its family: it, the tokens rotated before it and every access token of the grant', async () => {
    const first = await codeFlow(as, client, { scope: 'ask:query' });
    const second = await oauth.processRefreshTokenResponse(as, client, await refresh(first.refresh_token!));
    expect((await ask(first.access_token)).status).toBe(200);
    expect((await ask(second.access_token)).status).toBe(200);

    await revoke(second.refresh_token!);

    const again = await refresh(second.refresh_token!);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');
    for (const token of [first.access_token, second.access_token]) {
      const refused = await ask(token);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    // A second revocation of the same token is still 200 (nothing left to revoke).
    await revoke(second.refresh_token!);
  });

  it('a revoked access token is refused at once; its refresh token still gives new ones', async () => {
    const tokens = await codeFlow(as, client, { scope: 'ask:query' });
    expect((await ask(tokens.access_token)).status).toBe(200);
    await revoke(tokens.access_token, client, oauth.None(), 'access_token');
    const refused = await ask(tokens.access_token);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.message).toBe('The token was revoked.');
    const renewed = await oauth.processRefreshTokenResponse(as, client, await refresh(tokens.refresh_token!));
    expect((await ask(renewed.access_token)).status).toBe(200);
  });

  it('a revoked access token is refused also where no token is needed (MCP listings under write): 401 invalid_token, not served', async () => {
    const tokens = await codeFlow(as, client, { scope: 'ask:query' });
    const list = (headers: Record<string, string>) =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 'l-1', method: 'tools/list' }),
      });
    expect((await list({ Authorization: `Bearer ${tokens.access_token}` })).status).toBe(200);
    await revoke(tokens.access_token, client, oauth.None(), 'access_token');
    const refused = await list({ Authorization: `Bearer ${tokens.access_token}` });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await refused.json()).toMatchObject({ jsonrpc: '2.0', id: 'l-1', error: { message: 'The token was revoked.' } });
    // Without a token the listing stays public at this level.
    expect((await list({})).status).toBe(200);
  });

  it('the confidential client revokes its client-credentials token (HTTP Basic); the hint is only a hint', async () => {
    const { access_token: token } = await clientCredentials(as, 'ask:query');
    expect((await ask(token)).status).toBe(200);
    await revoke(token, { client_id: CLIENT_ID }, oauth.ClientSecretBasic(CLIENT_SECRET), 'refresh_token');
    expect((await ask(token)).status).toBe(401);
  });

  it('answers 200 for unknown and malformed tokens, and leaves another client\'s tokens alone', async () => {
    await revoke('no-such-token');
    await revoke('eyJhbGciOiJub25lIn0.e30.');
    const other = await register(as, { grant_types: ['authorization_code', 'refresh_token'], scope: 'ask:query' });
    const theirs = await codeFlow(as, other, { scope: 'ask:query' });
    await revoke(theirs.refresh_token!);
    await revoke(theirs.access_token);
    expect((await ask(theirs.access_token)).status).toBe(200);
    expect((await refresh(theirs.refresh_token!, other)).status).toBe(200);
  });

  it('refuses a caller that does not authenticate (401 invalid_client), and a request without a token (400)', async () => {
    const anonymous = await fetch(as.revocation_endpoint!, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'token=abc' });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toBe('invalid_client');
    const wrongSecret = await fetch(as.revocation_endpoint!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:wrong`).toString('base64')}` },
      body: 'token=abc',
    });
    expect(wrongSecret.status).toBe(401);
    const empty = await fetch(as.revocation_endpoint!, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `client_id=${client.client_id}` });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe('invalid_request');
  });
});
