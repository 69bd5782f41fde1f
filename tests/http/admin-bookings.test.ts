/**
 * The owner's `bookings` command and the visitor's cancel link, against the built server: a booking
 * made over HTTP is listed by `npm run admin -- bookings --json` (run as its own process on the
 * server's DATA_DIR while it serves), cancelled by `bookings cancel <id>`, and another is cancelled
 * through the link in its confirmation mail. Either way the slot is offered again at once (also
 * when the server had the slots cached), both sides are mailed, and a tampered link changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

const OWNER = 'biuro@example.com';
const settings = {
  CONTACT_EMAIL: OWNER,
  // One loopback client books several times; one open booking per address makes a freed place visible.
  BOOKING_MAX_OPEN_PER_IP: '20',
  BOOKING_MAX_OPEN_PER_EMAIL: '1',
};

/** Each admin command is a Node process of its own (1 to 5 s each on a loaded 2-core machine). */
const ADMIN_RUNS_MS = 90_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer(settings);
});
afterAll(() => server?.stop());

interface Slot {
  start: string;
}

const admin = (...args: string[]) => runAdmin(server, settings, args);

async function slotStarts(): Promise<string[]> {
  const body = await (await fetch(`${server.url}/api/consultation/slots?limit=30`)).json();
  expect(body.ok).toBe(true);
  return (body.slots as Slot[]).map((slot) => new Date(slot.start).toISOString());
}

async function book(start: string, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/consultation/book`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: 'Jan Kowalski', timeZone: 'Europe/Warsaw', start, ...body }),
  });
  return { status: response.status, body: await response.json() };
}

async function listed(...flags: string[]): Promise<Array<Record<string, unknown>>> {
  const run = await admin('bookings', '--json', ...flags);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

async function mailsSince(count: number): Promise<OutboxMail[]> {
  return (await readOutbox(server.dataDir)).slice(count);
}

describe('npm run admin -- bookings', () => {
  it('lists a booking made over HTTP, cancels it, and the slot is offered again at once; both sides are mailed', async () => {
    const [start] = await slotStarts();
    const booked = await book(start!, { email: 'anna@example.org', phone: '+48 600 100 200', notes: 'Pay at https://evil.example/now', locale: 'pl' });
    expect(booked.status).toBe(200);
    const id = booked.body.booking.id as string;

    const open = await listed();
    expect(open).toEqual([
      expect.objectContaining({ id, name: 'Jan Kowalski', email: 'anna@example.org', phone: '+48 600 100 200', language: 'pl', status: 'open', provider: 'embedded' }),
    ]);
    expect(open[0]!.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+0[12]:00$/);
    expect(Date.parse(String(open[0]!.start))).toBe(Date.parse(start!));

    // The server has the answer without this slot cached now (for SLOTS_TTL_MS, 5 s): the cancel,
    // made by another process, must still show at once.
    expect(await slotStarts()).not.toContain(start);
    const cached = performance.now();
    const before = (await readOutbox(server.dataDir)).length;
    const started = performance.now();
    const cancel = await admin('bookings', 'cancel', id);
    console.log(`bookings cancel: exit ${cancel.code} in ${Math.round(performance.now() - started)} ms: ${cancel.stdout.trim()}`);
    expect(cancel.code).toBe(0);
    expect(cancel.stdout).toContain(`Cancelled ${id}`);
    const offeredAgain = await slotStarts();
    console.log(`slot offered again ${Math.round(performance.now() - cached)} ms after the server cached the answer without it (cache kept 5000 ms)`);
    expect(offeredAgain).toContain(start);

    const mails = await mailsSince(before);
    const visitor = mails.find((mail) => mail.to.includes('anna@example.org'));
    const owner = mails.find((mail) => mail.to.includes(OWNER));
    expect(visitor?.subject).toMatch(/^Konsultacja odwołana: /);
    expect(visitor?.text).toContain('niestety musimy odwołać umówioną konsultację');
    expect(visitor?.text).toContain('http://localhost:4321/konsultacja/');
    expect(visitor?.text).not.toMatch(/Jan|evil\.example|600 100/);
    expect(visitor?.attachmentText('invite.ics')).toMatch(/METHOD:CANCEL[\s\S]*STATUS:CANCELLED/);
    expect(owner?.subject).toMatch(/^Konsultacja odwołana: Jan Kowalski, /);
    expect(owner?.text).toContain('poleceniem administracyjnym');
    expect(owner?.text).toContain(`Identyfikator: ${id}`);

    expect(await listed('--all')).toContainEqual(expect.objectContaining({ id, status: 'cancelled', cancelledBy: 'owner' }));
    const again = await admin('bookings', 'cancel', id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already cancelled');

    // The slot can be booked again by someone else.
    expect((await book(start!, { email: 'piotr@example.org' })).status).toBe(200);
  }, ADMIN_RUNS_MS);

  it('answers a wrong call with the usage on stderr and exit 2', async () => {
    const unknown = await admin('bookings', '--everything');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown argument: --everything');
    expect(unknown.stderr).toContain('npm run admin -- bookings cancel <id>');
    expect(unknown.stdout).toBe('');
  });
});

describe('the cancel link in the confirmation mail', () => {
  it('shows a button on GET (nothing changes), cancels on POST, frees the slot and the place; a tampered link changes nothing', async () => {
    const starts = await slotStarts();
    const start = starts[1]!;
    const before = (await readOutbox(server.dataDir)).length;
    const booked = await book(start, { email: 'ewa@example.org', locale: 'en', timeZone: 'Europe/London' });
    expect(booked.status).toBe(200);
    const id = booked.body.booking.id as string;
    const confirmation = (await mailsSince(before)).find((mail) => mail.to.includes('ewa@example.org'));
    const link = /http:\/\/localhost:4321(\/en\/consultation\/cancel\/\?token=\S+)/.exec(confirmation?.text ?? '')?.[1];
    expect(link, confirmation?.text).toBeDefined();
    expect(confirmation?.text).toContain('To change the time, cancel and pick a new slot at http://localhost:4321/en/consultation/');
    // The address holds its one open booking.
    expect((await book(starts[2]!, { email: 'ewa@example.org' })).body.error?.code).toBe('booking_limit_reached');

    const page = await fetch(`${server.url}${link}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const html = await page.text();
    expect(html).toContain('Cancel the consultation</button>');
    expect(html).toContain('(Europe/London)');

    // A tampered token: a 400 page on GET and POST, the booking stays.
    const token = decodeURIComponent(new URL(link!, 'http://x').searchParams.get('token')!);
    const [body, signature] = token.split('.');
    const forged = `${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const tamperedGet = await fetch(`${server.url}/en/consultation/cancel/?token=${encodeURIComponent(forged)}`);
    expect(tamperedGet.status).toBe(400);
    expect(await tamperedGet.text()).toContain('nothing was changed');
    const tamperedPost = await fetch(`${server.url}/en/consultation/cancel/`, { method: 'POST', body: new URLSearchParams({ token: forged }) });
    expect(tamperedPost.status).toBe(400);
    expect(await slotStarts()).not.toContain(start);

    const mailsBefore = (await readOutbox(server.dataDir)).length;
    const cancelled = await fetch(`${server.url}/en/consultation/cancel/`, { method: 'POST', body: new URLSearchParams({ token }) });
    expect(cancelled.status).toBe(200);
    const done = await cancelled.text();
    expect(done).toContain('Consultation cancelled');
    expect(done).toContain('href="/en/consultation/"');
    expect(await slotStarts()).toContain(start);
    expect(await listed('--all')).toContainEqual(expect.objectContaining({ id, status: 'cancelled', cancelledBy: 'visitor' }));

    const mails = await mailsSince(mailsBefore);
    expect(mails.find((mail) => mail.to.includes('ewa@example.org'))?.subject).toMatch(/^Consultation cancelled: /);
    const owner = mails.find((mail) => mail.to.includes(OWNER));
    expect(owner?.subject).toMatch(/^Konsultacja odwołana: Jan Kowalski, /);
    expect(owner?.text).toContain('linkiem z maila');

    // The place is free again: the same address books another slot.
    expect((await book(starts[2]!, { email: 'ewa@example.org' })).status).toBe(200);

    // The link again: the page says it is already cancelled, and nothing is mailed.
    const count = (await readOutbox(server.dataDir)).length;
    const reopened = await fetch(`${server.url}${link}`);
    expect(reopened.status).toBe(200);
    expect(await reopened.text()).toContain('already cancelled');
    const reposted = await fetch(`${server.url}/en/consultation/cancel/`, { method: 'POST', body: new URLSearchParams({ token }) });
    expect(await reposted.text()).toContain('already cancelled');
    expect((await readOutbox(server.dataDir)).length).toBe(count);
  }, ADMIN_RUNS_MS);
});
