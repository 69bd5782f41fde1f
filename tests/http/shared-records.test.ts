/**
 * Several instances, one records database: two BUILT servers with their own DATA_DIRs share
 * DATABASE_URL (a real PostgreSQL) and REDIS_URL. A message sent to one and a booking made on the
 * other are both listed by `npm run admin` run with the same settings from a third, empty DATA_DIR;
 * a slot booked on one is no longer offered by the other (which had it cached); a subscription asked
 * on one and confirmed through the other is listed; a booking cancelled by the admin command frees
 * the slot and the visitor's open-booking place on every instance. Then the parts restart: PostgreSQL,
 * and Redis empty, lose nothing; a backup restored into an empty database gives back every record.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../support/admin';
import { readOutbox } from '../support/outbox';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { startRedis, type TestRedis } from '../support/redis';
import { startServer, type TestServer } from '../support/server';
import { confirmByButton } from '../support/mail-links';

let redis: TestRedis;
let postgres: TestPostgres;
let first: TestServer;
let second: TestServer;
const adminDir = mkdtempSync(join(tmpdir(), 'admin-elsewhere-'));
const scratch = mkdtempSync(join(tmpdir(), 'shared-records-'));
let settings: Record<string, string>;

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  settings = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    // Every instance signs the links in its mails with the one secret, so any instance accepts them.
    LINK_SIGNING_SECRET: 'shared-records-test-secret-0123456789abcdef',
    CONTACT_EMAIL: 'owner@example.com',
    BOOKING_MAX_OPEN_PER_IP: '20',
    BOOKING_MAX_OPEN_PER_EMAIL: '1',
  };
  [first, second] = await Promise.all([startServer(settings), startServer(settings)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await Promise.all([redis?.stop(), postgres?.stop()]);
  rmSync(adminDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

/** `npm run admin` on a machine with no data of its own: only the settings in common with the servers. */
async function admin(...args: string[]): Promise<Array<Record<string, unknown>>> {
  return adminWith(settings, adminDir, ...args);
}

async function adminWith(these: Record<string, string>, dataDir: string, ...args: string[]): Promise<Array<Record<string, unknown>>> {
  const run = await runAdmin({ dataDir } as TestServer, these, [...args, '--json']);
  expect(run.stderr).not.toMatch(/failed|error/i);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

const post = (server: TestServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function slotStarts(server: TestServer): Promise<string[]> {
  const body = await (await fetch(`${server.url}/api/consultation/slots?limit=20`)).json();
  expect(body.ok).toBe(true);
  return (body.slots as Array<{ start: string }>).map((slot) => new Date(slot.start).toISOString());
}

const book = (server: TestServer, start: string, email: string) =>
  post(server, '/api/consultation/book', { fullName: 'Jan Kowalski', email, timeZone: 'Europe/Warsaw', start, locale: 'en' });

const began = Date.now();
const step = (what: string) => console.log(`[shared-records] ${what} at ${((Date.now() - began) / 1000).toFixed(1)} s`);

it('shares messages, bookings, free slots, subscribers and open-booking places across instances and the admin command', async () => {
  // The first instance has the slots cached before the second books one.
  const offered = await slotStarts(first);
  expect(await slotStarts(second)).toEqual(offered);
  const start = offered[0]!;

  const message = await post(first, '/api/contact', { name: 'Anna Nowak', email: 'anna@example.org', message: 'Czy zrobicie sklep?', locale: 'pl' });
  expect(message.status).toBe(200);
  const booked = await book(second, start, 'jan@example.org');
  expect(booked.status).toBe(200);
  const bookingId = (await booked.json()).booking.id as string;

  expect(await slotStarts(first)).not.toContain(start);
  // The same slot asked on the first instance: taken, though that instance never saw the booking.
  const twice = await book(first, start, 'ewa@example.org');
  expect(twice.status).toBe(409);
  expect((await twice.json()).error.code).toBe('slot_unavailable');
  // The same visitor on the first instance: the place their booking holds is counted there too.
  const again = await book(first, offered[1]!, 'jan@example.org');
  expect(again.status).toBe(409);
  expect((await again.json()).error.code).toBe('booking_limit_reached');

  // A subscription asked on the first instance, confirmed by following the mail's link on the second.
  expect((await post(first, '/api/subscribe', { email: 'reader@example.org', consent: true, locale: 'en' })).status).toBe(200);
  const [confirmMail] = (await readOutbox(first.dataDir)).filter((mail) => mail.to.includes('reader@example.org'));
  const link = new URL(confirmMail!.text.match(/https?:\/\/\S+\/newsletter\/confirm\/\?token=\S+/)![0]);
  const confirmed = await confirmByButton(`${second.url}${link.pathname}${link.search}`);
  expect(confirmed.status).toBe(200);
  expect(await confirmed.text()).toContain('Subscription confirmed');

  step('served');
  const messages = await admin('messages');
  expect(messages).toEqual([expect.objectContaining({ name: 'Anna Nowak', email: 'anna@example.org' })]);
  expect(messages[0]!.id).toMatch(/^MSG-/);
  expect(await admin('bookings')).toEqual([expect.objectContaining({ id: bookingId, email: 'jan@example.org', status: 'open' })]);
  expect(await admin('subscribers')).toEqual([expect.objectContaining({ email: 'reader@example.org', state: 'confirmed', locale: 'en' })]);

  step('listed by the admin command');
  // Cancelled by the owner from the third machine: the slot is offered on both instances again, and
  // the visitor's place is free (they book again on the first).
  const cancel = await runAdmin({ dataDir: adminDir } as TestServer, settings, ['bookings', 'cancel', bookingId]);
  expect(cancel.code).toBe(0);
  expect(await slotStarts(first)).toContain(start);
  expect(await slotStarts(second)).toContain(start);
  expect((await book(first, offered[1]!, 'jan@example.org')).status).toBe(200);
  step('cancelled and booked again');

  // /status/ names the records database and probes it.
  const report = await (await fetch(`${first.url}/status/?format=json`)).json();
  expect(report.providers.find((item: { id: string }) => item.id === 'database')).toMatchObject({ provider: 'postgresql', external: true, state: 'ok' });
}, 120_000);

it('books one slot once when both instances are asked for it at the same moment', async () => {
  const offered = await slotStarts(first);
  const start = offered[offered.length - 1]!;
  const responses = await Promise.all(Array.from({ length: 12 }, (_, index) => book(index % 2 ? second : first, start, `race${index}@example.org`)));
  const statuses = responses.map((response) => response.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(11);
  const bookings = (await admin('bookings')).filter((booking) => new Date(String(booking.start)).toISOString() === start);
  expect(bookings).toHaveLength(1);
}, 60_000);

it('loses nothing when PostgreSQL restarts and Redis comes back empty, and takes new records after', async () => {
  const before = { messages: await admin('messages'), bookings: await admin('bookings'), subscribers: await admin('subscribers') };
  expect(before.messages.length).toBeGreaterThan(0);
  await postgres.restart();
  await redis.stop();
  redis = await startRedis({ port: redis.port });
  expect(await admin('messages')).toEqual(before.messages);
  expect(await admin('bookings')).toEqual(before.bookings);
  expect(await admin('subscribers')).toEqual(before.subscribers);
  // The instances reconnect by themselves: a message sent now is kept.
  const sent = await post(second, '/api/contact', { name: 'Piotr Zieliński', email: 'piotr@example.org', message: 'Po restarcie.', locale: 'pl' });
  expect(sent.status).toBe(200);
  expect((await admin('messages')).map((message) => message.email)).toContain('piotr@example.org');
}, 60_000);

it('backs up PostgreSQL and restores every record into an empty database', async () => {
  const backupDir = join(scratch, 'backup');
  const backup = await runAdmin({ dataDir: adminDir } as TestServer, settings, ['backup', backupDir]);
  expect(backup.stderr).toContain('PostgreSQL');
  expect(backup.code).toBe(0);
  const restored = { ...settings, DATABASE_URL: postgres.createDatabase('restored') };
  const restoredDir = join(scratch, 'restored-data');
  const restore = await runAdmin({ dataDir: restoredDir } as TestServer, restored, ['restore', backupDir]);
  expect(restore.stderr).toMatch(/Records loaded into the PostgreSQL database: messages 2, consultation_bookings \d+/);
  expect(restore.code).toBe(0);
  for (const listing of ['messages', 'bookings', 'subscribers']) expect(await adminWith(restored, restoredDir, listing)).toEqual(await admin(listing));
  // Restore never mixes two sites' data: the same backup into the now full database is refused.
  const again = await runAdmin({ dataDir: join(scratch, 'again') } as TestServer, restored, ['restore', backupDir]);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/records database is not empty/);
  // The same backup onto SQLite (no DATABASE_URL, an empty DATA_DIR): the way off PostgreSQL, or onto it.
  const { DATABASE_URL: _postgres, ...onSqlite } = settings;
  const sqliteDir = join(scratch, 'restored-sqlite');
  const ontoSqlite = await runAdmin({ dataDir: sqliteDir } as TestServer, onSqlite, ['restore', backupDir]);
  expect(ontoSqlite.stderr).toMatch(/Records loaded into the SQLite database: messages 2/);
  expect(ontoSqlite.code).toBe(0);
  for (const listing of ['messages', 'bookings', 'subscribers']) expect(await adminWith(onSqlite, sqliteDir, listing)).toEqual(await admin(listing));
}, 60_000);
