/**
 * The cancel page's states on a real database in a temporary DATA_DIR: a booking that has started
 * says so (410) and stays, a token of another purpose or a changed one is refused (400), the GET asks
 * and changes nothing, the POST cancels once and mails both sides.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { resetSettingsForTests } from '../../src/server/base/settings';

const dataDir = mkdtempSync(join(tmpdir(), 'cancel-page-'));
let page: typeof import('../../src/server/adapters/consultation-cancel-page');
let store: ReturnType<typeof import('../../src/server/scheduling/bookings-store').bookingsStore>;
let link: typeof import('../../src/server/scheduling/booking-cancel-link');
let signing: typeof import('../../src/server/base/signing');

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  process.env.CONTACT_EMAIL = 'owner@example.com';
  delete process.env.LINK_SIGNING_SECRET;
  resetSettingsForTests();
  page = await import('../../src/server/adapters/consultation-cancel-page');
  store = (await import('../../src/server/scheduling/bookings-store')).bookingsStore();
  link = await import('../../src/server/scheduling/booking-cancel-link');
  signing = await import('../../src/server/base/signing');
});
afterAll(() => {
  delete process.env.DATA_DIR;
  delete process.env.CONTACT_EMAIL;
  resetSettingsForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

async function book(startInMs: number, email: string) {
  const start = new Date(Math.round((Date.now() + startInMs) / 60_000) * 60_000);
  return (await store.insertBooking({ start, end: new Date(start.getTime() + 30 * 60_000), fullName: 'Ola', email, timeZone: 'Europe/Warsaw', locale: 'pl' }, 0))!;
}

function open(token: string, method: 'GET' | 'POST' = 'GET') {
  const url = new URL(`http://localhost:4321/konsultacja/odwolaj/?token=${encodeURIComponent(token)}`);
  return page.consultationCancelPage({ url, request: new Request(url, { method }), locals: {} as App.Locals }, 'pl');
}

const tokenOf = (booking: { id: string; locale: string }) => new URL(link.bookingCancelLink(booking, { SITE_URL: 'http://localhost:4321' } as never)).searchParams.get('token')!;

describe('the cancel page', () => {
  it('says a booking that has started cannot be cancelled, and keeps it', async () => {
    const started = await book(-10 * 60_000, 'past@example.org');
    expect(await open(tokenOf(started), 'POST')).toMatchObject({ status: 410, view: { state: 'past' } });
    expect((await store.findBooking(started.id))?.cancelledAt).toBeUndefined();
  });

  it('refuses a token made for another purpose or changed, changing nothing', async () => {
    const booking = await book(3 * 86_400_000, 'ola@example.org');
    const otherPurpose = signing.signToken('newsletter-unsubscribe', { b: booking.id });
    expect(await open(otherPurpose, 'POST')).toMatchObject({ status: 400, view: { state: 'invalid' } });
    const [body, mac] = tokenOf(booking).split('.');
    const otherBooking = Buffer.from(JSON.stringify({ p: 'booking-cancel', d: { b: 'someone-else' } })).toString('base64url');
    expect(await open(`${otherBooking}.${mac}`, 'POST')).toMatchObject({ status: 400 });
    expect(await open(`${body}.${mac!.slice(1)}`, 'POST')).toMatchObject({ status: 400 });
    expect(await open('', 'POST')).toMatchObject({ status: 400 });
    expect((await store.findBooking(booking.id))?.cancelledAt).toBeUndefined();
  });

  it('asks on GET, cancels once on POST and mails the visitor and the owner', async () => {
    const booking = await book(4 * 86_400_000, 'ewa@example.org');
    const token = tokenOf(booking);
    const asked = await open(token);
    expect(asked).toMatchObject({ status: 200, view: { state: 'ask', token, timeZone: 'Europe/Warsaw' } });
    expect((await store.listBookings()).map((each) => each.id)).toContain(booking.id);
    const before = (await readOutbox(dataDir)).length;
    expect(await open(token, 'POST')).toMatchObject({ status: 200, view: { state: 'done' } });
    expect((await store.listBookings()).map((each) => each.id)).not.toContain(booking.id);
    const mails = (await readOutbox(dataDir)).slice(before);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['ewa@example.org', 'owner@example.com']);
    // Signed by the business name read from content/site (the catalog does not load outside Astro).
    expect(mails.find((mail) => mail.to[0] === 'ewa@example.org')?.text).toContain('Pracownia Cyfrowa');
    expect(await open(token, 'POST')).toMatchObject({ status: 200, view: { state: 'cancelled' } });
    expect((await readOutbox(dataDir)).length).toBe(before + 2);
  });
});
