/**
 * GET /api/consultation/slots and POST /api/consultation/book on Cal.com API v2, through the built
 * server with CAL_API_URL pointing at a loopback fake that speaks Cal.com's wire format.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCalFake, type CalFake } from '../support/cal-fake';
import { startServer, TEST_RATE_LIMIT, type TestServer } from '../support/server';

let cal: CalFake;
let server: TestServer;
const hour = 3_600_000;
// Whole hours two and three days ahead, so they are inside the default 14-day window.
const base = Math.ceil((Date.now() + 2 * 24 * hour) / hour) * hour;
const offered = [base, base + hour, base + 24 * hour].map((ms) => new Date(ms).toISOString());

beforeAll(async () => {
  cal = await startCalFake();
  server = await startServer({
    CAL_API_KEY: cal.apiKey,
    CAL_API_URL: cal.apiUrl,
    CAL_EVENT_TYPE_ID: String(cal.eventTypeId),
    BOOKING_URL: 'https://cal.com/example/konsultacja',
  });
});
afterAll(async () => {
  await server?.stop();
  await cal?.close();
});
beforeEach(() => {
  cal.slots = [...offered];
  cal.requests.length = 0;
  cal.fail = undefined;
  cal.delayMs = 0;
  cal.refuseBookings = false;
});

function book(body: Record<string, unknown>) {
  return fetch(`${server.url}/api/consultation/book`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: 'Anna Nowak', email: 'anna@example.com', timeZone: 'Europe/Warsaw', ...body }),
  });
}

describe('slots from Cal.com', () => {
  it('maps Cal.com slots into the asked locale and zone, sending the documented request', async () => {
    const response = await fetch(`${server.url}/api/consultation/slots?locale=en&timeZone=America/New_York`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true, mode: 'slots', timeZone: 'America/New_York', bookingUrl: 'https://cal.com/example/konsultacja' });
    expect(body.slots.map((slot: { start: string }) => Date.parse(slot.start))).toEqual(offered.map(Date.parse));
    const first = body.slots[0];
    const newYork = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(first.start).toMatch(/-0[45]:00$/);
    expect(Date.parse(first.end) - Date.parse(first.start)).toBe(30 * 60_000);
    expect(first.label).toContain(`${newYork.format(new Date(offered[0]!))}–`);
    expect(first.label).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d{4}, \d\d:\d\d–\d\d:\d\d$/);
    expect(first.date).toBe(first.start.slice(0, 10));

    const [request] = cal.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/v2/slots' });
    expect(request!.headers.authorization).toBe(`Bearer ${cal.apiKey}`);
    expect(request!.headers['cal-api-version']).toBe('2024-09-04');
    expect(request!.query).toMatchObject({ eventTypeId: String(cal.eventTypeId), timeZone: 'UTC', format: 'range' });
    expect(Date.parse(request!.query.end!) - Date.parse(request!.query.start!)).toBeGreaterThan(13 * 24 * hour);
  });

  it('falls back to the booking link with the upstream status and details when Cal.com fails', async () => {
    cal.fail = { path: '/v2/slots', status: 503, message: 'Service temporarily unavailable', details: { retryAfter: 30 } };
    const response = await fetch(`${server.url}/api/consultation/slots?timeZone=Europe/Warsaw`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe(TEST_RATE_LIMIT);
    const body = await response.json();
    expect(body).toMatchObject({
      ok: false,
      mode: 'link_only',
      bookingUrl: 'https://cal.com/example/konsultacja',
      slots: [],
      timeZone: 'Europe/Warsaw',
      status: 503,
      details: { code: 'InternalServerErrorException', message: 'Service temporarily unavailable' },
    });
    // Only the named fields of the published schema: the provider's own free-form detail stays here.
    expect(Object.keys(body.details).sort()).toEqual(['code', 'message']);
    expect(body.error).toMatch(/503/);
  });

  it('falls back with Cal.com\'s 401 when the API key is refused', async () => {
    const wrongKey = await startServer({ CAL_API_KEY: 'cal_wrong', CAL_API_URL: cal.apiUrl, CAL_EVENT_TYPE_ID: String(cal.eventTypeId) });
    try {
      const body = await (await fetch(`${wrongKey.url}/api/consultation/slots`)).json();
      expect(body).toMatchObject({ ok: false, mode: 'link_only', status: 401, details: { code: 'UnauthorizedException' } });
      expect(cal.requests.at(-1)!.headers.authorization).toBe('Bearer cal_wrong');
    } finally {
      await wrongKey.stop();
    }
  });

  it('falls back within the timeout when Cal.com answers too slowly', async () => {
    cal.delayMs = 8_000;
    const started = Date.now();
    const body = await (await fetch(`${server.url}/api/consultation/slots`)).json();
    const elapsed = Date.now() - started;
    expect(body).toMatchObject({ ok: false, mode: 'link_only', slots: [], details: { reason: 'timeout' } });
    expect(elapsed).toBeLessThan(7_000);
  }, 20_000);
});

describe('booking on Cal.com', () => {
  it('sends the documented booking body and answers with the booking', async () => {
    const response = await book({ start: offered[0], locale: 'en', timeZone: 'Europe/London', phone: '+48 600 100 200', notes: 'Strona dla fundacji' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true, mode: 'booked', booking: { id: expect.stringMatching(/^fake-uid-/), timeZone: 'Europe/London' } });
    expect(Date.parse(body.booking.start)).toBe(Date.parse(offered[0]!));
    const request = cal.requests.find((entry) => entry.path === '/v2/bookings')!;
    expect(request.method).toBe('POST');
    expect(request.headers['cal-api-version']).toBe('2024-08-13');
    expect(request.headers.authorization).toBe(`Bearer ${cal.apiKey}`);
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(request.body).toEqual({
      start: offered[0],
      eventTypeId: cal.eventTypeId,
      attendee: { name: 'Anna Nowak', email: 'anna@example.com', timeZone: 'Europe/London', phoneNumber: '+48600100200', language: 'en' },
      bookingFieldsResponses: { notes: 'Strona dla fundacji' },
      metadata: { source: 'website', phone: '+48 600 100 200' },
    });
  });

  it('answers a slot Cal.com refuses as taken, retryable, with fresh alternatives', async () => {
    cal.refuseBookings = 'taken';
    const response = await book({ start: offered[1] });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, mode: 'slot_unavailable', reason: 'taken', retryable: true, error: { code: 'slot_unavailable', retryable: true } });
    const alternatives = body.alternatives.map((slot: { start: string }) => Date.parse(slot.start));
    expect(alternatives).toEqual([Date.parse(offered[0]!), Date.parse(offered[2]!)]);
  });

  it('answers a start outside Cal.com\'s booking window as not a slot, not retryable', async () => {
    cal.refuseBookings = 'out_of_bounds';
    const response = await book({ start: offered[2] });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ mode: 'slot_unavailable', reason: 'not_a_slot', retryable: false, alternatives: expect.any(Array) });
  });

  it('answers a past start without calling Cal.com, not retryable', async () => {
    const response = await book({ start: new Date(Date.now() - hour).toISOString() });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ mode: 'slot_unavailable', reason: 'past', retryable: false });
    expect(cal.requests.filter((entry) => entry.path === '/v2/bookings')).toHaveLength(0);
  });

  it('answers 502 provider_unavailable when Cal.com fails the booking', async () => {
    cal.fail = { path: '/v2/bookings', status: 500, message: 'Internal server error' };
    const response = await book({ start: offered[0] });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'provider_unavailable', retryable: true } });
  });

  it('answers 502 within 10 s when Cal.com does not answer the booking', async () => {
    cal.delayMs = 12_000;
    const started = Date.now();
    const response = await book({ start: offered[0] });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'provider_unavailable', retryable: true } });
    expect(Date.now() - started).toBeLessThan(11_000);
  }, 30_000);

  it('counts the bookings this site made on Cal.com: a third open one for one address never reaches Cal.com', async () => {
    const first = await book({ start: offered[1], email: 'Limit@Example.com' });
    const second = await book({ start: offered[2], email: 'limit+again@example.com' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await book({ start: offered[0], email: 'limit@example.com' });
    expect(third.status).toBe(409);
    expect(await third.json()).toMatchObject({ error: { code: 'booking_limit_reached', retryable: false } });
    expect(cal.requests.filter((entry) => entry.path === '/v2/bookings')).toHaveLength(2);
  });
});
