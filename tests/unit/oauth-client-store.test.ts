/**
 * Registered clients expire alike wherever they are kept: the shared store in process memory (with a
 * frozen clock), the embedded database (with a frozen clock), and a real redis-server (with short
 * lifetimes and the real clock, since Redis keeps time itself), also through Upstash's REST client.
 * A client that never obtained a token
 * is gone after the unused lifetime; each token keeps it for the used lifetime from then on.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseClients, migrateClientTable, sharedStoreClients, type ClientLifetimes, type ClientStore } from '../../src/server/oauth/client-store';
import type { OAuthClient } from '../../src/server/oauth/clients';
import { createMemoryStore } from '../../src/server/store/memory-store';
import { createRedisStore, type RedisStore } from '../../src/server/store/redis-store';
import type { SharedStore } from '../../src/server/store/shared-store';
import { createUpstashStore } from '../../src/server/store/upstash-store';
import { startRedis, startUpstashFake, type TestRedis } from '../support/redis';

let sequence = 0;
function client(): OAuthClient {
  return {
    clientId: `mcp_test${String(++sequence).padStart(20, '0')}`,
    clientName: 'Test host',
    redirectUris: ['http://127.0.0.1:8976/callback'],
    grantTypes: ['authorization_code', 'refresh_token'],
    scopes: ['ask:query'],
    tokenEndpointAuthMethod: 'none',
    confidential: false,
    issuedAt: 1_700_000_000,
  };
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const lifetimes: ClientLifetimes = { unusedMs: DAY, usedMs: 30 * DAY };

/** A store under a clock the test moves. */
type Clocked = { store: ClientStore; advance: (ms: number) => void };

const clocked: Array<[string, () => Clocked]> = [
  [
    'memory',
    () => {
      let time = 1_000_000;
      return { store: sharedStoreClients(createMemoryStore(() => time), lifetimes), advance: (ms) => (time += ms) };
    },
  ],
  [
    'sqlite',
    () => {
      let time = 1_000_000;
      const database = new DatabaseSync(':memory:');
      migrateClientTable(database, lifetimes, () => time);
      return { store: databaseClients(database, lifetimes, () => time), advance: (ms) => (time += ms) };
    },
  ],
];

describe.each(clocked)('registered clients in %s', (_name, make) => {
  it('forgets a client that never obtained a token after the unused lifetime', async () => {
    const { store, advance } = make();
    const registered = client();
    await store.save(registered);
    advance(DAY - 1);
    expect(await store.find(registered.clientId)).toEqual(registered);
    advance(1);
    expect(await store.find(registered.clientId)).toBeUndefined();
  });

  it('keeps a used client for the used lifetime after each token', async () => {
    const { store, advance } = make();
    const used = client();
    await store.save(used);
    advance(23 * HOUR);
    await store.markUsed(used);
    advance(29 * DAY);
    expect(await store.find(used.clientId)).toEqual(used);
    await store.markUsed(used); // a refresh a month later keeps it again
    advance(29 * DAY);
    expect(await store.find(used.clientId)).toEqual(used);
    advance(DAY);
    expect(await store.find(used.clientId)).toBeUndefined();
  });
});

describe('the embedded database', () => {
  it('deletes expired rows when a client registers, so the table holds only live clients', async () => {
    let time = 1_000_000;
    const database = new DatabaseSync(':memory:');
    migrateClientTable(database, lifetimes, () => time);
    const store = databaseClients(database, lifetimes, () => time);
    for (let index = 0; index < 50; index++) await store.save(client());
    const kept = client();
    await store.save(kept);
    await store.markUsed(kept);
    time += DAY;
    await store.save(client());
    const count = (database.prepare('SELECT COUNT(*) AS rows FROM oauth_clients').get() as { rows: number }).rows;
    expect(count).toBe(2);
  });

  it('gives the rows of a table made before expiry existed the used lifetime, once', async () => {
    let time = 5_000_000;
    const database = new DatabaseSync(':memory:');
    database.exec('CREATE TABLE oauth_clients (client_id TEXT PRIMARY KEY, metadata TEXT NOT NULL, created_at TEXT NOT NULL)');
    const old = client();
    database.prepare('INSERT INTO oauth_clients VALUES (?, ?, ?)').run(old.clientId, JSON.stringify(old), '2026-01-01T00:00:00.000Z');
    migrateClientTable(database, lifetimes, () => time);
    const store = databaseClients(database, lifetimes, () => time);
    time += 30 * DAY - 1;
    migrateClientTable(database, lifetimes, () => time); // a restart does not extend it
    expect(await store.find(old.clientId)).toEqual(old);
    time += 1;
    expect(await store.find(old.clientId)).toBeUndefined();
  });
});

describe('registered clients in a real Redis', () => {
  let redis: TestRedis;
  let backend: RedisStore;
  let upstash: Awaited<ReturnType<typeof startUpstashFake>>;
  beforeAll(async () => {
    redis = await startRedis();
    backend = createRedisStore(redis.url, () => {});
    await backend.ready(5_000);
    upstash = await startUpstashFake(redis.url);
  });
  afterAll(async () => {
    await backend?.close();
    await upstash?.close();
    await redis?.stop();
  });

  it.each<[string, () => SharedStore]>([
    ['directly', () => backend],
    ['through Upstash REST', () => createUpstashStore(upstash.url, upstash.token, 10_000)],
  ])('%s: forgets an unused client when its key expires, and keeps a used one', async (_how, shared) => {
    const store = sharedStoreClients(shared(), { unusedMs: 300, usedMs: 60_000 });
    const unused = client();
    const used = client();
    await store.save(unused);
    await store.save(used);
    await store.markUsed(used);
    expect(await backend.client.pttl(`oauth:client:${unused.clientId}`)).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await store.find(unused.clientId)).toBeUndefined();
    expect(await store.find(used.clientId)).toEqual(used);
    expect(await backend.client.pttl(`oauth:client:${used.clientId}`)).toBeGreaterThan(50_000);
  });
});
