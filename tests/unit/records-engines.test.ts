/**
 * One implementation of each record store, alike on both engines: the SQLite file in DATA_DIR (one
 * machine) and a real PostgreSQL (DATABASE_URL, several machines). Bookings never overlap and are
 * cancelled or moved once; kept messages record their deliveries; an unsubscribed address stays so;
 * an issue's recipient is claimed once. A site.sqlite made by the schemas before versioned
 * migrations keeps its rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { runShutdownHooks } from '../../src/server/base/lifecycle';
import { messagesStore } from '../../src/server/messages/messages-store';
import { issuesStore } from '../../src/server/newsletter/issue-store';
import { contactsStore } from '../../src/server/providers/newsletter-embedded';
import { bookingsStore } from '../../src/server/scheduling/bookings-store';
import { getSettings, resetSettingsForTests } from '../../src/server/base/settings';
import { connectRecords, getRecords, migrateRecords, recordsEngine } from '../../src/server/store/database';
import { exportRecords, importRecords } from '../../src/server/store/records-export';
import { recordsInProcess } from '../support/records-in-process';

const { dataDir, postgres } = recordsInProcess('records');

const HOUR = 3_600_000;
const base = Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR;
const at = (hours: number) => new Date(base + hours * HOUR);
const visitor = (email: string) => ({ fullName: 'Ola Nowak', email, phone: '+48 600 100 200', timeZone: 'Europe/Warsaw', locale: 'en' });

describe.each(['sqlite', 'postgresql'] as const)('records in %s', (backend) => {
  beforeAll(async () => {
    await runShutdownHooks();
    if (backend === 'sqlite') delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = postgres().url;
    resetSettingsForTests();
    expect(recordsEngine(getSettings())).toBe(backend);
  });
  const offset = 0;

  it('books a slot once, with the buffer, and lists it', async () => {
    const store = bookingsStore();
    const first = await store.insertBooking({ start: at(offset), end: at(offset + 0.5), ...visitor('a@example.org') }, 15);
    expect(first?.id).toBeTruthy();
    // Overlapping, and within the 15-minute buffer after it: both refused.
    expect(await store.insertBooking({ start: at(offset + 0.25), end: at(offset + 0.75), ...visitor('b@example.org') }, 15)).toBeUndefined();
    expect(await store.insertBooking({ start: at(offset + 0.6), end: at(offset + 1.1), ...visitor('b@example.org') }, 15)).toBeUndefined();
    const second = await store.insertBooking({ start: at(offset + 1), end: at(offset + 1.5), ...visitor('b@example.org') }, 15);
    expect(second).toBeTruthy();
    const busy = await store.bookedIntervals(at(offset), at(offset + 2), 0);
    expect(busy.map((interval) => interval.start.getTime())).toEqual([at(offset).getTime(), at(offset + 1).getTime()]);
    const listed = (await store.listBookings()).filter((booking) => booking.start >= at(offset) && booking.start < at(offset + 100));
    expect(listed).toEqual([
      expect.objectContaining({ id: first!.id, email: 'a@example.org', phone: '+48 600 100 200', locale: 'en', timeZone: 'Europe/Warsaw' }),
      expect.objectContaining({ id: second!.id, email: 'b@example.org' }),
    ]);
  });

  it('cancels once, frees the slot at once, and keeps the booking listed as cancelled', async () => {
    const store = bookingsStore();
    const booking = (await store.insertBooking({ start: at(offset + 10), end: at(offset + 10.5), ...visitor('c@example.org') }, 0))!;
    const mark = await store.changeMark();
    const cancels = await Promise.all([store.cancelStoredBooking(booking.id, 'visitor'), store.cancelStoredBooking(booking.id, 'owner')]);
    expect(cancels.filter(Boolean)).toHaveLength(1);
    // Every instance reads the one mark: it moves with each write, and only then.
    expect(await store.changeMark()).not.toBe(mark);
    const after = await store.changeMark();
    expect(await store.changeMark()).toBe(after);
    // Either may come first (on PostgreSQL they run on two connections): the one that cancelled is named.
    expect(await store.findBooking(booking.id)).toMatchObject({ cancelledBy: cancels[0] ? 'visitor' : 'owner', cancelledAt: expect.any(Date) });
    expect((await store.listBookings()).map((each) => each.id)).not.toContain(booking.id);
    expect((await store.listBookings({ all: true })).map((each) => each.id)).toContain(booking.id);
    expect(await store.insertBooking({ start: at(offset + 10), end: at(offset + 10.5), ...visitor('d@example.org') }, 0)).toBeTruthy();
  });

  it('moves a booking in one step: to a free slot (even next to itself), never onto a taken one, never twice', async () => {
    const store = bookingsStore();
    const booking = (await store.insertBooking({ start: at(offset + 20), end: at(offset + 20.5), ...visitor('e@example.org') }, 15))!;
    const other = (await store.insertBooking({ start: at(offset + 22), end: at(offset + 22.5), ...visitor('f@example.org') }, 15))!;
    expect(await store.moveBooking(booking.id, { start: at(offset + 22), end: at(offset + 22.5) }, 15)).toEqual({ kind: 'taken' });
    expect((await store.findBooking(booking.id))?.cancelledAt).toBeUndefined();
    // Half an hour later: within the buffer of the booking itself, which is the one moving.
    const moved = await store.moveBooking(booking.id, { start: at(offset + 20.5), end: at(offset + 21) }, 15);
    expect(moved).toMatchObject({ kind: 'moved', from: { id: booking.id }, to: { email: 'e@example.org', phone: '+48 600 100 200', locale: 'en' } });
    if (moved.kind !== 'moved') return;
    expect(moved.to.start.getTime()).toBe(at(offset + 20.5).getTime());
    expect(await store.findBooking(booking.id)).toMatchObject({ cancelledBy: 'visitor' });
    expect(await store.findBooking(moved.to.id)).toMatchObject({ start: at(offset + 20.5), fullName: 'Ola Nowak' });
    expect(await store.moveBooking(booking.id, { start: at(offset + 24), end: at(offset + 24.5) }, 15)).toEqual({ kind: 'not_booked' });
    const open = (await store.listBookings()).map((each) => each.id);
    expect(open).toEqual(expect.arrayContaining([moved.to.id, other.id]));
    expect(open).not.toContain(booking.id);
  });

  it('keeps messages with their deliveries', async () => {
    const store = messagesStore();
    const id = `MSG-${backend.toUpperCase()}1`;
    await store.recordMessage({
      id,
      kind: 'inquiry',
      name: 'Anna',
      email: 'anna@example.org',
      phone: null,
      topic: 'seo',
      locale: 'en',
      body: 'Hello.',
      suspectedSpam: true,
      mail: { to: ['owner@example.com'], subject: 'Inquiry', text: 'Hello.' },
    });
    await store.recordDelivery(id, { delivered: false, error: 'refused' });
    expect((await store.listMessages({ undelivered: true })).map((message) => message.id)).toContain(id);
    await store.recordDelivery(id, { delivered: true });
    expect(await store.getMessage(id)).toMatchObject({ kind: 'inquiry', topic: 'seo', suspectedSpam: true, attempts: 2, lastError: null, deliveredAt: expect.any(String), mail: { subject: 'Inquiry' } });
    expect((await store.listMessages({ undelivered: true })).map((message) => message.id)).not.toContain(id);
  });

  it('keeps the list: subscribe once, unsubscribe everywhere, and filing a contact never re-subscribes', async () => {
    const store = contactsStore();
    const email = `Reader.${backend}@Example.org`;
    expect(await store.add({ email, locale: 'en', segment: 'newsletter' })).toEqual({ created: true });
    expect(await store.add({ email, locale: 'en', segment: 'newsletter' })).toEqual({ created: false });
    // Whether a subscription ended (the notice of an unsubscribe by address depends on it), with its language.
    expect(await store.unsubscribe(email)).toEqual({ found: true, wasSubscribed: true, locale: 'en' });
    expect(await store.unsubscribe(email)).toEqual({ found: true, wasSubscribed: false, locale: 'en' });
    expect(await store.unsubscribe('never@example.org')).toEqual({ found: false, wasSubscribed: false });
    expect(await store.add({ email, locale: 'en', segment: 'Kontakt', name: 'Reader' })).toEqual({ created: true });
    expect((await store.listSegment('Kontakt')).find((contact) => contact.email === email.toLowerCase())).toMatchObject({ unsubscribed: true, name: 'Reader' });
    expect((await store.listSegment('newsletter')).find((contact) => contact.email === email.toLowerCase())).toMatchObject({ unsubscribed: true, locale: 'en' });
    expect(await store.add({ email, locale: 'pl', segment: 'newsletter' })).toEqual({ created: true });
    expect((await store.listSegment('newsletter')).find((contact) => contact.email === email.toLowerCase())).toMatchObject({ unsubscribed: false, locale: 'pl' });
  });

  it('records an issue once and claims each recipient once', async () => {
    const store = issuesStore();
    const hash = `hash-${backend}`;
    await store.startIssue({ hash, subject: 'May', locale: 'pl', provider: 'outbox' });
    await store.startIssue({ hash, subject: 'Changed', locale: 'pl', provider: 'outbox' });
    expect(await store.findIssue(hash)).toMatchObject({ subject: 'May', finishedAt: null });
    expect(await store.findIssueBySubject('May', 'pl', 'other')).toMatchObject({ hash });
    const claims = await Promise.all([store.claimRecipient(hash, 'a@example.org'), store.claimRecipient(hash, 'a@example.org')]);
    expect(claims.sort()).toEqual([false, true]);
    await store.claimRecipient(hash, 'b@example.org');
    await store.markRecipientSent(hash, 'a@example.org');
    await store.releaseRecipient(hash, 'a@example.org');
    await store.releaseRecipient(hash, 'b@example.org');
    expect(await store.deliveriesOf(hash)).toEqual(new Map([['a@example.org', 'sent']]));
    await store.finishIssue(hash);
    await store.forgetIssue(hash);
    expect((await store.findIssue(hash))?.finishedAt).toEqual(expect.any(String));
  });

  it('books one slot once when many ask at the same moment', async () => {
    const store = bookingsStore();
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) => store.insertBooking({ start: at(offset + 30 + (index % 2) * 0.25), end: at(offset + 30.5 + (index % 2) * 0.25), ...visitor(`r${index}@example.org`) }, 0)),
    );
    expect(attempts.filter(Boolean)).toHaveLength(1);
  });
});

describe('an export of the records', () => {
  it('loads every row into an empty database of the other engine, and back', async () => {
    await runShutdownHooks();
    const sqlite = connectRecords({ DATA_DIR: dataDir });
    const postgresCopy = connectRecords({ DATA_DIR: dataDir, DATABASE_URL: postgres().createDatabase('copy') });
    const sqliteCopy = connectRecords({ DATA_DIR: mkdtempSync(join(tmpdir(), 'records-copy-')) });
    try {
      await Promise.all([migrateRecords(sqlite, 'sqlite'), migrateRecords(postgresCopy, 'postgresql'), migrateRecords(sqliteCopy, 'sqlite')]);
      const original = await exportRecords(sqlite);
      expect(original.tables.messages.length).toBeGreaterThan(0);
      expect(original.tables.consultation_bookings.length).toBeGreaterThan(0);
      await importRecords(postgresCopy, original, 'postgresql');
      const throughPostgres = await exportRecords(postgresCopy);
      await importRecords(sqliteCopy, throughPostgres, 'sqlite');
      const back = await exportRecords(sqliteCopy);
      for (const table of Object.keys(original.tables) as Array<keyof typeof original.tables>) {
        const sorted = (rows: Array<Record<string, unknown>>) => rows.map((row) => JSON.stringify(Object.entries(row).sort())).sort();
        expect(sorted(throughPostgres.tables[table]), table).toEqual(sorted(original.tables[table]));
        expect(sorted(back.tables[table]), table).toEqual(sorted(original.tables[table]));
      }
      // Never into a database that holds records.
      await expect(importRecords(postgresCopy, original, 'postgresql')).rejects.toThrow(/not empty \(messages: \d+/);
    } finally {
      await Promise.all([sqlite.destroy(), postgresCopy.destroy(), sqliteCopy.destroy()]);
    }
  });
});

describe('an existing site.sqlite', () => {
  it('keeps the rows the tables made before versioned migrations hold, and gives old OAuth clients an expiry', async () => {
    await runShutdownHooks();
    delete process.env.DATABASE_URL;
    const oldDir = mkdtempSync(join(tmpdir(), 'records-old-'));
    process.env.DATA_DIR = oldDir;
    resetSettingsForTests();
    const old = new DatabaseSync(join(oldDir, 'site.sqlite'));
    old.exec(`
      CREATE TABLE messages (id TEXT PRIMARY KEY, kind TEXT NOT NULL, received_at TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
        phone TEXT, topic TEXT, locale TEXT NOT NULL, body TEXT NOT NULL, suspected_spam INTEGER NOT NULL DEFAULT 0, delivered_at TEXT,
        attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, mail TEXT NOT NULL);
      CREATE TABLE consultation_bookings (id TEXT PRIMARY KEY, start_ms INTEGER NOT NULL UNIQUE, end_ms INTEGER NOT NULL, full_name TEXT NOT NULL,
        email TEXT NOT NULL, phone TEXT, notes TEXT, time_zone TEXT NOT NULL, locale TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE oauth_clients (client_id TEXT PRIMARY KEY, metadata TEXT NOT NULL, created_at TEXT NOT NULL);`);
    const received = new Date().toISOString();
    old.prepare("INSERT INTO messages (id, kind, received_at, name, email, locale, body, mail) VALUES ('MSG-OLD', 'contact', ?, 'Ewa', 'ewa@example.org', 'pl', 'Dzień dobry', '{}')").run(received);
    old.prepare("INSERT INTO consultation_bookings VALUES ('b-old', ?, ?, 'Ewa', 'ewa@example.org', NULL, NULL, 'Europe/Warsaw', 'pl', ?)").run(at(50).getTime(), at(50.5).getTime(), received);
    old.prepare("INSERT INTO oauth_clients VALUES ('mcp_old', '{}', ?)").run(received);
    old.close();
    try {
      expect(await messagesStore().getMessage('MSG-OLD')).toMatchObject({ name: 'Ewa', body: 'Dzień dobry' });
      expect(await bookingsStore().findBooking('b-old')).toMatchObject({ email: 'ewa@example.org', start: at(50) });
      expect(await bookingsStore().insertBooking({ start: at(50), end: at(50.5), ...visitor('x@example.org') }, 0)).toBeUndefined();
      const client = await (await getRecords()).selectFrom('oauth_clients').select('expires_at').where('client_id', '=', 'mcp_old').executeTakeFirstOrThrow();
      expect(Number(client.expires_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    } finally {
      await runShutdownHooks();
      process.env.DATA_DIR = dataDir;
      resetSettingsForTests();
      rmSync(oldDir, { recursive: true, force: true });
    }
  });
});
