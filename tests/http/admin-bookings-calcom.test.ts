/**
 * `npm run admin -- bookings` with Cal.com: the site keeps nothing of Cal.com bookings, so the
 * command lists them from Cal.com's API (GET /v2/bookings) and cancels there
 * (POST /v2/bookings/{uid}/cancel with the reason), against the loopback fake of Cal.com API v2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin';
import { startCalFake, type CalFake } from '../support/cal-fake';
import { readOutbox } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

let cal: CalFake;
let server: TestServer;
let settings: Record<string, string>;
const hour = 3_600_000;
const base = Math.ceil((Date.now() + 2 * 24 * hour) / hour) * hour;
const offered = [base, base + hour].map((ms) => new Date(ms).toISOString());

beforeAll(async () => {
  cal = await startCalFake({ slots: [...offered] });
  settings = {
    CAL_API_KEY: cal.apiKey,
    CAL_API_URL: cal.apiUrl,
    CAL_EVENT_TYPE_ID: String(cal.eventTypeId),
    BOOKING_URL: 'https://cal.com/example/konsultacja',
  };
  server = await startServer(settings);
});
afterAll(async () => {
  await server?.stop();
  await cal?.close();
});

describe('bookings on Cal.com', () => {
  it('lists a booking made through the site from Cal.com and cancels it there with the reason', async () => {
    const response = await fetch(`${server.url}/api/consultation/book`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Anna Nowak', email: 'anna@example.com', timeZone: 'Europe/London', start: offered[0], locale: 'en' }),
    });
    expect(response.status).toBe(200);
    const uid = (await response.json()).booking.id as string;

    const list = await runAdmin(server, settings, ['bookings', '--json']);
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout);
    expect(rows).toEqual([
      expect.objectContaining({ id: uid, name: 'Anna Nowak', email: 'anna@example.com', language: 'en', status: 'open', provider: 'calcom', fromSite: true }),
    ]);
    expect(Date.parse(rows[0].start)).toBe(Date.parse(offered[0]!));
    const listing = cal.requests.find((request) => request.method === 'GET' && request.path === '/v2/bookings');
    expect(listing?.query).toMatchObject({ eventTypeId: String(cal.eventTypeId), status: 'upcoming' });
    expect(listing?.headers['cal-api-version']).toBe('2024-08-13');

    const cancel = await runAdmin(server, settings, ['bookings', 'cancel', uid, '--reason', 'The owner is ill.']);
    expect(cancel.stderr).toBe('');
    expect(cancel.code).toBe(0);
    expect(cancel.stdout).toContain(`Cancelled ${uid} on Cal.com`);
    const posted = cal.requests.find((request) => request.method === 'POST' && request.path === `/v2/bookings/${uid}/cancel`);
    expect(posted?.body).toEqual({ cancellationReason: 'The owner is ill.' });
    expect(posted?.headers['cal-api-version']).toBe('2024-08-13');
    expect(cal.slots).toContain(offered[0]);

    // Listed no more; with --all as cancelled. Cal.com mails both sides: the site sends nothing.
    expect(JSON.parse((await runAdmin(server, settings, ['bookings', '--json'])).stdout)).toEqual([]);
    const all = JSON.parse((await runAdmin(server, settings, ['bookings', '--all', '--json'])).stdout);
    expect(all).toEqual([expect.objectContaining({ id: uid, status: 'cancelled', provider: 'calcom' })]);
    expect(await readOutbox(server.dataDir)).toEqual([]);

    const again = await runAdmin(server, settings, ['bookings', 'cancel', uid]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already cancelled on Cal.com');
    const unknown = await runAdmin(server, settings, ['bookings', 'cancel', 'no-such-uid']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No booking no-such-uid, neither here nor on Cal.com');
  }, 90_000); // six admin commands, each a Node process of its own
});
