/**
 * Registered clients expire alike on both engines of the records database (SQLite and a real
 * PostgreSQL, each under a frozen clock): a client that never obtained a token is gone after the
 * unused lifetime; each token keeps it for the used lifetime from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsClients, type ClientLifetimes, type ClientStore } from '../../src/server/oauth/client-store';
import type { OAuthClient } from '../../src/server/oauth/clients';
import { connectRecords, migrateRecords, type Records } from '../../src/server/store/database';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let postgres: TestPostgres;
const dataDir = mkdtempSync(join(tmpdir(), 'oauth-clients-'));
const opened: Records[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let databases = 0;
/** A new, migrated records database on the engine named. */
async function freshRecords(engine: 'sqlite' | 'postgresql'): Promise<Records> {
  databases += 1;
  const db =
    engine === 'sqlite'
      ? connectRecords({ DATA_DIR: join(dataDir, String(databases)) })
      : connectRecords({ DATA_DIR: dataDir, DATABASE_URL: postgres.createDatabase(`clients_${databases}`) });
  opened.push(db);
  await migrateRecords(db, engine);
  return db;
}

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

const clocked = (['sqlite', 'postgresql'] as const).map((engine): [string, () => Promise<Clocked & { db: Records }>] => [
  engine,
  async () => {
    let time = 1_000_000;
    const db = await freshRecords(engine);
    return { db, store: recordsClients(async () => db, lifetimes, () => time), advance: (ms) => (time += ms) };
  },
]);

describe.each(clocked)('registered clients in %s', (_name, make) => {
  it('forgets a client that never obtained a token after the unused lifetime', async () => {
    const { store, advance } = await make();
    const registered = client();
    await store.save(registered);
    advance(DAY - 1);
    expect(await store.find(registered.clientId)).toEqual(registered);
    advance(1);
    expect(await store.find(registered.clientId)).toBeUndefined();
  });

  it('keeps a used client for the used lifetime after each token', async () => {
    const { store, advance } = await make();
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

describe.each(clocked)('the records database (%s)', (_name, make) => {
  it('deletes expired rows when a client registers, so the table holds only live clients', async () => {
    const { db, store, advance } = await make();
    for (let index = 0; index < 50; index++) await store.save(client());
    const kept = client();
    await store.save(kept);
    await store.markUsed(kept);
    advance(DAY);
    await store.save(client());
    const { rows } = await db.selectFrom('oauth_clients').select((eb) => eb.fn.countAll<number>().as('rows')).executeTakeFirstOrThrow();
    expect(Number(rows)).toBe(2);
  });
});
