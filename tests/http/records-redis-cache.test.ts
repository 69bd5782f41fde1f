/**
 * Redis is a cache, never the only copy of a record: a BUILT server with REDIS_URL and no
 * DATABASE_URL keeps its records in the SQLite file of DATA_DIR, so a Redis restarted empty loses
 * none. `npm run admin -- migrate-records` copies what an older version kept in Redis (its key
 * layouts, written here as it wrote them) into the records database, and copies nothing twice.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../support/admin';
import { startRedis, type TestRedis } from '../support/redis';
import { startServer, type TestServer } from '../support/server';

let redis: TestRedis;
let server: TestServer;
let settings: Record<string, string>;

beforeAll(async () => {
  redis = await startRedis();
  settings = { REDIS_URL: redis.url, CONTACT_EMAIL: 'owner@example.com' };
  server = await startServer(settings);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await redis?.stop();
});

async function admin(...args: string[]) {
  const run = await runAdmin(server, settings, args);
  expect(run.stderr).not.toMatch(/failed/i);
  expect(run.code).toBe(0);
  return run;
}
const listed = async (...args: string[]) => JSON.parse((await admin(...args, '--json')).stdout) as Array<Record<string, unknown>>;

it('keeps every message when Redis restarts empty', async () => {
  const sent = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Anna Nowak', email: 'anna@example.org', message: 'Czy zrobicie sklep?', locale: 'pl' }),
  });
  expect(sent.status).toBe(200);
  await redis.stop();
  redis = await startRedis({ port: redis.port });
  expect(await listed('messages')).toEqual([expect.objectContaining({ email: 'anna@example.org' })]);
});

it('copies the records an older version kept in Redis, once', async () => {
  const client = new Redis(redis.url);
  const now = Date.now();
  const start = Math.ceil(now / 3_600_000) * 3_600_000 + 72 * 3_600_000;
  try {
    await client
      .multi()
      .hset('{messages}:message:MSG-REDIS1', { id: 'MSG-REDIS1', kind: 'inquiry', receivedAt: new Date(now - 60_000).toISOString(), name: 'Ewa', email: 'ewa@example.org', phone: '', topic: 'seo', locale: 'en', body: 'Old inquiry.', suspectedSpam: '0', attempts: '1', deliveredAt: new Date(now - 50_000).toISOString(), mail: JSON.stringify({ to: ['owner@example.com'], subject: 'Inquiry', text: 'Old inquiry.' }) })
      .zadd('{messages}:index', now - 60_000, 'MSG-REDIS1')
      .hset('{bookings}:booking:b-live', { id: 'b-live', start: String(start), end: String(start + 1_800_000), fullName: 'Jan', email: 'jan@example.org', timeZone: 'Europe/Warsaw', locale: 'pl', createdAt: new Date(now).toISOString() })
      .zadd('{bookings}:all', start, 'b-live')
      .zadd('{bookings}:taken', start, 'b-live')
      .hset('{bookings}:booking:b-gone', { id: 'b-gone', start: String(start + 3_600_000), end: String(start + 5_400_000), fullName: 'Ola', email: 'ola@example.org', timeZone: 'Europe/Warsaw', locale: 'pl', createdAt: new Date(now).toISOString(), cancelledAt: new Date(now).toISOString(), cancelledBy: 'visitor' })
      .zadd('{bookings}:all', start + 3_600_000, 'b-gone')
      .hset('{list}:contact:newsletter:reader@example.org', { email: 'reader@example.org', locale: 'en', unsubscribed: '0', createdAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() })
      .zadd('{list}:segment:newsletter', now, 'reader@example.org')
      .sadd('{list}:segments-of:reader@example.org', 'newsletter')
      .hset('{newsletter}:issue:abc123', { hash: 'abc123', subject: 'May', locale: 'pl', provider: 'outbox', startedAt: new Date(now).toISOString(), finishedAt: new Date(now).toISOString() })
      .sadd('{newsletter}:issues', 'abc123')
      .hset('{newsletter}:deliveries:abc123', 'reader@example.org', 'sent')
      .hset('ask-miss:q1', { id: 'q1', question: 'pizza?', locale: 'en', kinds: '', count: '3', firstSeen: new Date(now).toISOString(), lastSeen: new Date(now).toISOString(), best: '' })
      .zadd('ask-misses:by-time', now, 'q1')
      .set('oauth:client:mcp_fromredis0000000000000000', JSON.stringify({ clientId: 'mcp_fromredis0000000000000000', redirectUris: [], grantTypes: [], scopes: [], tokenEndpointAuthMethod: 'none', confidential: false, issuedAt: 1 }), 'PX', 86_400_000)
      .exec();
  } finally {
    client.disconnect();
  }

  const counts = (rows: Array<Record<string, unknown>>) => Object.fromEntries(rows.map((row) => [row.id, [row.found, row.copied]]));
  const first = await listed('migrate-records');
  expect(counts(first)).toEqual({
    messages: [1, 1],
    bookings: [2, 2],
    list_contacts: [1, 1],
    newsletter_issues: [1, 1],
    newsletter_deliveries: [1, 1],
    ask_misses: [1, 1],
    oauth_clients: [1, 1],
  });
  const again = await listed('migrate-records');
  expect(again.every((row) => row.copied === 0)).toBe(true);

  expect((await listed('messages')).map((message) => message.id)).toEqual(expect.arrayContaining(['MSG-REDIS1']));
  expect(await listed('bookings')).toEqual([expect.objectContaining({ id: 'b-live', email: 'jan@example.org', status: 'open' })]);
  expect((await listed('bookings', '--all')).map((booking) => booking.id).sort()).toEqual(['b-gone', 'b-live']);
  expect(await listed('subscribers')).toEqual([expect.objectContaining({ email: 'reader@example.org', locale: 'en' })]);
}, 60_000);
