/**
 * Two server processes behind one SITE_URL share one real redis-server (codes, refresh tokens) and
 * one real PostgreSQL (the registered clients): a client registered on one is known to the other, a code issued by one is redeemed once across both (50 parallel
 * redemptions split over the two), refresh tokens rotate across them and a replay on either
 * revokes the grant everywhere.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeCallback, discover, privateJwk, REDIRECT_URI, register, startOAuthServer } from '../support/oauth';
import { freePort } from '../support/ports';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { startRedis, type TestRedis } from '../support/redis';
import type { TestServer } from '../support/server';

let redis: TestRedis;
let postgres: TestPostgres;
let first: TestServer;
let second: TestServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  const key = await privateJwk();
  // Both processes serve the same public URL (as behind a load balancer): the first one's.
  const port = await freePort();
  const shared = { REDIS_URL: redis.url, DATABASE_URL: postgres.url, OAUTH_SIGNING_KEY: key, OAUTH_ENFORCEMENT: 'all', SITE_URL: `http://127.0.0.1:${port}` };
  first = await startOAuthServer({ ...shared, PORT: String(port) });
  second = await startOAuthServer(shared);
  as = await discover(first);
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await Promise.all([redis?.stop(), postgres?.stop()]);
});

const tokenEndpointOf = (server: TestServer) => `${server.url}/.well-known/oauth2/token`;

async function redeem(server: TestServer, client: oauth.Client, code: string, verifier: string) {
  const response = await fetch(tokenEndpointOf(server), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id }),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string; refresh_token?: string; error?: string } };
}

async function refresh(server: TestServer, client: oauth.Client, token: string) {
  const response = await fetch(tokenEndpointOf(server), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: client.client_id }),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string; refresh_token?: string; error?: string } };
}

const ask = (server: TestServer, token: string) =>
  fetch(`${server.url}/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ query: 'cennik' }) });

async function codeFrom(server: TestServer, client: oauth.Client) {
  const verifier = oauth.generateRandomCodeVerifier();
  const local = { ...as, authorization_endpoint: `${server.url}/.well-known/oauth2/authorize` };
  // Enforcement is on: a person allows on the consent page (approve_at of the JSON answer).
  const { callback } = await authorizeCallback(local, client, verifier, { scope: 'ask:query' });
  return { code: callback.searchParams.get('code')!, verifier };
}

describe('two processes, one Redis and one PostgreSQL', () => {
  it('share registered clients, codes and refresh tokens, and revoke across processes', async () => {
    const client = await register(as); // registered on the first
    const { code, verifier } = await codeFrom(second, client); // the second knows the client
    const tokens = await redeem(first, client, code, verifier); // the first redeems the second's code
    expect(tokens.status).toBe(200);
    expect((await ask(second, tokens.body.access_token!)).status).toBe(200);
    expect((await redeem(second, client, code, verifier)).body.error).toBe('invalid_grant'); // replay on the other process

    // The replay revoked the grant for both processes.
    expect((await ask(first, tokens.body.access_token!)).status).toBe(401);
    expect((await ask(second, tokens.body.access_token!)).status).toBe(401);
  });

  it('rotates refresh tokens across processes; a replay on either revokes the family', async () => {
    const client = await register(as);
    const { code, verifier } = await codeFrom(first, client);
    const issued = await redeem(first, client, code, verifier);
    const rotated = await refresh(second, client, issued.body.refresh_token!);
    expect(rotated.status).toBe(200);
    const again = await refresh(first, client, rotated.body.refresh_token!);
    expect(again.status).toBe(200);
    expect((await ask(first, again.body.access_token!)).status).toBe(200);
    expect((await refresh(second, client, rotated.body.refresh_token!)).body.error).toBe('invalid_grant');
    expect((await refresh(first, client, again.body.refresh_token!)).body.error).toBe('invalid_grant');
    expect((await ask(second, again.body.access_token!)).status).toBe(401);
  });

  it('gives exactly one token for 50 parallel redemptions spread over both processes', async () => {
    const client = await register(as);
    const { code, verifier } = await codeFrom(first, client);
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => redeem(index % 2 ? first : second, client, code, verifier)));
    // Every outcome named, so a failure shows which answer was not one of the two.
    const outcomes = results.map((result) => (result.status === 200 ? 'token' : `${result.status} ${result.body.error}`)).sort();
    expect(outcomes).toEqual([...Array(49).fill('400 invalid_grant'), 'token'].sort());
  });
});
