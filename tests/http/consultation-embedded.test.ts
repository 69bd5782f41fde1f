/**
 * GET /api/consultation/slots and POST /api/consultation/book on the embedded office hours
 * (content/office-hours.yaml), through the built server: validation, headers, bookings at most once
 * (also across two server processes sharing DATA_DIR, and two with their own DATA_DIRs sharing one
 * PostgreSQL and one Redis),
 * and the confirmation .eml with its .ics.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { startPostgres } from '../support/postgres';
import { startRedis } from '../support/redis';
import { startServer, TEST_RATE_LIMIT, type TestServer } from '../support/server';

interface Slot {
  start: string;
  end: string;
  label: string;
  date: string;
}

let server: TestServer;
/**
 * Every request here comes from one loopback address: the client limit is raised so that the races
 * below reach the slot claim (tests/http/booking-abuse.test.ts covers the limits themselves).
 */
const manyClients = { BOOKING_MAX_OPEN_PER_IP: '20' };
beforeAll(async () => {
  server = await startServer({ CONTACT_EMAIL: 'biuro@example.com', ...manyClients });
});
afterAll(() => server?.stop());

async function slots(target: TestServer, query = ''): Promise<Slot[]> {
  const body = await (await fetch(`${target.url}/api/consultation/slots?limit=30&${query}`)).json();
  expect(body.ok).toBe(true);
  return body.slots;
}

function book(target: TestServer, body: Record<string, unknown>) {
  return fetch(`${target.url}/api/consultation/book`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: 'Jan Kowalski', email: 'jan@example.com', timeZone: 'Europe/Warsaw', ...body }),
  });
}


describe('GET /api/consultation/slots (embedded office hours)', () => {
  it('lists free slots of the next 14 days in Warsaw time, with labels and rate-limit headers', async () => {
    const response = await fetch(`${server.url}/api/consultation/slots`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe(TEST_RATE_LIMIT);
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true, mode: 'slots', timeZone: 'Europe/Warsaw' });
    expect(body.slots).toHaveLength(12);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    expect(body.range.start).toBe(today);
    expect(Date.parse(body.range.end) - Date.parse(body.range.start)).toBe(14 * 86_400_000);
    for (const slot of body.slots as Slot[]) {
      expect(slot.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+0[12]:00$/);
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000);
      expect(Date.parse(slot.start)).toBeGreaterThan(Date.now() + 12 * 3_600_000); // the notice period
      expect(slot.label).toMatch(/^(pon|wt|śr|czw|pt)\., \d{1,2} \S+ \d{4}, \d\d:\d\d–\d\d:\d\d$/);
      expect(slot.date).toBe(slot.start.slice(0, 10));
    }
  });

  it('answers in English in another zone, honouring limit and the window', async () => {
    const response = await fetch(`${server.url}/api/consultation/slots?locale=en&timeZone=Asia/Tokyo&limit=3`);
    const body = await response.json();
    expect(body.slots).toHaveLength(3);
    expect(body.timeZone).toBe('Asia/Tokyo');
    expect(body.slots[0].start).toMatch(/\+09:00$/);
    expect(body.slots[0].label).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) /);
    const start = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const windowed = await (await fetch(`${server.url}/api/consultation/slots?start=${start}&end=${start}`)).json();
    expect(windowed.range).toEqual({ start, end: start });
    for (const slot of windowed.slots as Slot[]) expect(slot.date).toBe(start);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=31', 'limit'],
    ['limit=many', 'limit'],
    ['timeZone=Mars/Olympus', 'timeZone'],
    ['locale=de', 'locale'],
    ['start=2026-13-01', 'start'],
    ['start=2026-12-10&end=2026-12-01', 'end'],
    ['start=2026-12-01&end=2027-03-01', 'end'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const response = await fetch(`${server.url}/api/consultation/slots?${query}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: 'validation_failed', retryable: false });
    expect(body.error.message).toContain(`"${field}"`);
  });

  it('answers preflights with 204 and other methods with 405', async () => {
    for (const path of ['/api/consultation/slots', '/api/consultation/book']) {
      const preflight = await fetch(`${server.url}${path}`, { method: 'OPTIONS', headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    }
    const wrong = await fetch(`${server.url}/api/consultation/slots`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, OPTIONS');
  });

  it('limits a client to RATE_LIMIT_SLOTS lookups and RATE_LIMIT_BOOKING bookings a minute, each with Retry-After', async () => {
    const limited = await startServer({ RATE_LIMIT_SLOTS: '2', RATE_LIMIT_BOOKING: '1' });
    try {
      const statuses = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await fetch(`${limited.url}/api/consultation/slots?limit=1`)).status);
      expect(statuses).toEqual([200, 200, 429]);
      // Booking is a budget of its own: spent lookups do not close it, one booking attempt does.
      expect((await fetch(`${limited.url}/api/consultation/book`, { method: 'POST' })).status).not.toBe(429);
      const refused = await fetch(`${limited.url}/api/consultation/book`, { method: 'POST' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});

describe('POST /api/consultation/book (embedded)', () => {
  it('books a free slot, confirms by mail with a valid .ics, and the slot is gone afterwards', async () => {
    const [slot] = await slots(server);
    const response = await book(server, { start: slot!.start, phone: '+48 600 100 200', notes: 'Strona, sklep; migracja', locale: 'pl' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true, mode: 'booked', booking: { start: slot!.start, end: slot!.end, label: slot!.label, timeZone: 'Europe/Warsaw' } });
    expect(body.message).toContain(slot!.label);

    const messages = await readOutbox(server.dataDir);
    expect(messages).toHaveLength(2);
    const visitor = messages.find((item) => item.to.includes('jan@example.com'))!;
    const owner = messages.find((item) => item.to.includes('biuro@example.com'))!;
    expect(visitor).toBeDefined();
    expect(owner.mail.replyTo?.[0]?.address).toBe('jan@example.com');
    // The visitor's mail: a proper greeting, from the business, with the place the page promises.
    expect(visitor.text).toMatch(/^Dzień dobry,\n/);
    expect(visitor.text).toContain('Potwierdzamy bezpłatną konsultację.');
    expect(visitor.text.trimEnd().split('\n').slice(-2)).toEqual(['Pracownia Cyfrowa', 'http://localhost:4321']);
    // Nothing the request said reaches the unverified address: not the phone, the name or the notes.
    expect(visitor.text).toContain('zadzwonimy na numer podany przy rezerwacji');
    expect(visitor.text).not.toMatch(/600 100 200|Jan|Kowalski|migracja/);
    expect(visitor.text).toContain(slot!.label);
    const attachment = visitor.mail.attachments.find((each) => each.filename === 'invite.ics')!;
    expect(attachment.mimeType).toBe('text/calendar');
    expect(visitor.raw).toMatch(/method=REQUEST/);
    const ics = visitor.attachmentText('invite.ics')!;
    expect(ics).not.toMatch(/[^\r]\n/); // CRLF only
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
    const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toEqual(expect.arrayContaining(['VERSION:2.0', 'METHOD:REQUEST', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR', `DTSTART:${utc(slot!.start)}`, `DTEND:${utc(slot!.end)}`]));
    expect(lines.find((line) => line.startsWith('UID:'))).toMatch(new RegExp(`^UID:${body.booking.id}@`));
    expect(lines.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(lines.find((line) => line.startsWith('ORGANIZER'))).toBe('ORGANIZER;CN="Pracownia Cyfrowa":mailto:biuro@example.com');
    expect(lines).toContain('SUMMARY:Konsultacja — Pracownia Cyfrowa');
    expect(lines).toContain('LOCATION:Rozmowa telefoniczna');
    expect(lines.find((line) => line.startsWith('ATTENDEE'))).toMatch(/:mailto:jan@example\.com$/i);
    expect(lines.find((line) => line.startsWith('ATTENDEE'))).not.toMatch(/CN=/);
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:Bezpłatna konsultacja. Aby zmienić termin albo odwołać spotkanie\\, odpowiedz na e-mail z potwierdzeniem.',
    );
    // The owner's invitation is titled from the owner's side and carries everything.
    const ownerLines = owner.attachmentText('invite.ics')!.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(ownerLines).toContain('SUMMARY:Konsultacja: Jan Kowalski');
    expect(ownerLines).toContain('LOCATION:Telefon: +48 600 100 200');
    expect(ownerLines.find((line) => line.startsWith('ATTENDEE'))).toMatch(/CN="Jan Kowalski".*:mailto:jan@example\.com$/i);
    expect(ownerLines.find((line) => line.startsWith('DESCRIPTION:'))).toContain('Strona\\, sklep\\; migracja');
    expect(owner.text).toContain('Notatki: Strona, sklep; migracja');

    const after = await slots(server);
    expect(after.map((entry) => entry.start)).not.toContain(slot!.start);
    const again = await book(server, { start: slot!.start, email: 'ktos@example.com' });
    expect(again.status).toBe(409);
    const refused = await again.json();
    expect(refused).toMatchObject({ mode: 'slot_unavailable', reason: 'taken', retryable: true, error: { code: 'slot_unavailable' } });
    expect(refused.alternatives.length).toBeGreaterThan(0);
    expect(refused.alternatives.map((entry: Slot) => entry.start)).not.toContain(slot!.start);
  });

  it('books one slot once when ten people ask at the same moment', async () => {
    const [, slot] = await slots(server);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => book(server, { start: slot!.start, email: `osoba${index}@example.com` })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
  });

  it('books one slot once across two server processes sharing one DATA_DIR', async () => {
    const second = await startServer({ DATA_DIR: server.dataDir, ...manyClients });
    try {
      const [, , slot] = await slots(server);
      expect((await slots(second)).map((entry) => entry.start)).toContain(slot!.start);
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) => book(index % 2 ? second : server, { start: slot!.start, email: `p${index}@example.com` })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(11);
      expect((await slots(second)).map((entry) => entry.start)).not.toContain(slot!.start);
    } finally {
      await second.stop();
    }
  });

  it('books one slot once across two instances with their own DATA_DIRs sharing one PostgreSQL and one Redis', async () => {
    const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
    const shared = { REDIS_URL: redis.url, DATABASE_URL: postgres.url, ...manyClients };
    const [first, second] = await Promise.all([startServer(shared), startServer(shared)]);
    try {
      expect(first.dataDir).not.toBe(second.dataDir);
      // Both instances have reached Redis (each connects on its first request) before the race. A
      // Redis command over 500 ms (a loaded machine) gives the link-only answer by design: ask again.
      const listed = async (target: TestServer): Promise<Slot[]> => {
        for (let attempt = 1; attempt < 10; attempt++) {
          const body = await (await fetch(`${target.url}/api/consultation/slots?limit=30`)).json();
          if (body.ok) return body.slots;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return slots(target);
      };
      await listed(second);
      const [slot] = await listed(first);
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) => book(index % 2 ? second : first, { start: slot!.start, email: `r${index}@example.com` })),
      );
      const bodies = await Promise.all(responses.map((response) => response.json()));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(11);
      expect(bodies.filter((body) => body.error?.code === 'slot_unavailable')).toHaveLength(11);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await Promise.all([redis.stop(), postgres.stop()]);
    }
  });

  it('refuses a past start (not retryable) and a time that is not a slot, both with alternatives', async () => {
    const past = await book(server, { start: '2020-01-07T10:00:00+01:00' });
    expect(past.status).toBe(409);
    const pastBody = await past.json();
    expect(pastBody).toMatchObject({ reason: 'past', retryable: false, error: { code: 'slot_unavailable', retryable: false } });
    expect(pastBody.alternatives.length).toBeGreaterThan(0);
    const [slot] = await slots(server);
    const offGrid = new Date(Date.parse(slot!.start) + 7 * 60_000).toISOString();
    const notASlot = await (await book(server, { start: offGrid, locale: 'en', timeZone: 'Asia/Tokyo' })).json();
    expect(notASlot).toMatchObject({ reason: 'not_a_slot', retryable: false });
    expect(notASlot.alternatives[0].start).toMatch(/\+09:00$/);
  });

  it('refuses a bad body with a 400 naming the field', async () => {
    const response = await book(server, { start: '2026-12-01T10:00:00+01:00', email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('"email"');
    const noZone = await book(server, { start: 'tomorrow', timeZone: 'Europe/Warsaw' });
    expect((await noZone.json()).error.message).toContain('"start"');
  });

  it('undoes the booking and answers 502 when the confirmation mail cannot be written', async () => {
    const broken = await startServer();
    try {
      const blocker = join(broken.dataDir, 'outbox');
      writeFileSync(blocker, 'a file where the outbox directory should be');
      const [slot] = await slots(broken);
      const response = await book(broken, { start: slot!.start });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: { code: 'provider_unavailable', retryable: true } });
      expect((await slots(broken)).map((entry) => entry.start)).toContain(slot!.start);
      rmSync(blocker);
      expect((await book(broken, { start: slot!.start })).status).toBe(200);
    } finally {
      await broken.stop();
    }
  });
});
