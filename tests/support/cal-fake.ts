/**
 * A fake of Cal.com API v2 on loopback, speaking its wire format (cal.com/docs/api-reference/v2):
 * GET /v2/slots (cal-api-version 2024-09-04; eventTypeId, start, end, timeZone, format=range) and
 * POST /v2/bookings, GET /v2/bookings (list, filters eventTypeId and status upcoming/past/cancelled,
 * take/skip) and POST /v2/bookings/{uid}/cancel (cal-api-version 2024-08-13; a cancelled booking's
 * slot is offered again). It checks `Authorization: Bearer <key>` and the
 * version header, records every request, and can be told to fail, answer slowly or refuse bookings.
 * Errors have Cal.com's shape {status:"error", timestamp, path, error:{code, message, details?}}.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body?: unknown;
}

export interface CalFake {
  /** The value for CAL_API_URL. */
  apiUrl: string;
  apiKey: string;
  eventTypeId: number;
  requests: RecordedRequest[];
  /** Free slot starts (UTC ISO) the fake offers; a booked one disappears. */
  slots: string[];
  lengthMinutes: number;
  /** Answer the next matching requests with this status and Cal.com error body. */
  fail?: { path: '/v2/slots' | '/v2/bookings'; status: number; message?: string; details?: Record<string, unknown> };
  /** The bookings made (in the shape GET /v2/bookings answers), by uid. */
  bookings: Map<string, Record<string, unknown>>;
  /** Delay before every answer, in ms. */
  delayMs: number;
  /** Refuse every booking as Cal.com does (400): a taken slot, or a start outside the booking window. */
  refuseBookings: false | 'taken' | 'out_of_bounds';
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function calError(response: ServerResponse, path: string, status: number, code: string, message: string, details?: Record<string, unknown>): void {
  send(response, status, { status: 'error', timestamp: new Date().toISOString(), path, error: { code, message, ...(details ? { details } : {}) } });
}

/** ISO with milliseconds and offset in a zone, as Cal.com (luxon toISO) writes slot times. */
function isoInZone(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  const offset = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  const zone = timeZone === 'UTC' ? 'Z' : `${sign}${hours}:${minutes}`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.000${zone}`;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export async function startCalFake(options: { slots?: string[]; lengthMinutes?: number } = {}): Promise<CalFake> {
  const fake = {
    apiUrl: '',
    apiKey: 'cal_test_0123456789abcdef',
    eventTypeId: 424242,
    requests: [] as RecordedRequest[],
    slots: options.slots ?? [],
    lengthMinutes: options.lengthMinutes ?? 30,
    fail: undefined as CalFake['fail'],
    delayMs: 0,
    refuseBookings: false as CalFake['refuseBookings'],
    bookings: new Map<string, Record<string, unknown>>(),
  };
  let bookingId = 1000;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    fake.requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body });
    if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (response.destroyed) return;

    if (request.headers.authorization !== `Bearer ${fake.apiKey}`) {
      return calError(response, url.pathname, 401, 'UnauthorizedException', 'Invalid Access Token.');
    }
    if (fake.fail && fake.fail.path === url.pathname) {
      return calError(response, url.pathname, fake.fail.status, fake.fail.status >= 500 ? 'InternalServerErrorException' : 'BadRequestException', fake.fail.message ?? 'Something went wrong.', fake.fail.details);
    }

    if (url.pathname === '/v2/slots' && request.method === 'GET') {
      if (request.headers['cal-api-version'] !== '2024-09-04') {
        return calError(response, url.pathname, 400, 'BadRequestException', 'fake: GET /v2/slots needs cal-api-version: 2024-09-04');
      }
      const start = url.searchParams.get('start');
      const end = url.searchParams.get('end');
      if (!start || !end || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) {
        return calError(response, url.pathname, 400, 'BadRequestException', 'start must be a valid ISO 8601 date string; end must be a valid ISO 8601 date string');
      }
      if (Number(url.searchParams.get('eventTypeId')) !== fake.eventTypeId) {
        return calError(response, url.pathname, 404, 'NotFoundException', `Event type with id=${url.searchParams.get('eventTypeId')} not found`);
      }
      const timeZone = url.searchParams.get('timeZone') ?? 'UTC';
      const range = url.searchParams.get('format') === 'range';
      // A date without hours means the start or the very end of that day (UTC).
      const from = Date.parse(start.length === 10 ? `${start}T00:00:00Z` : start);
      const to = Date.parse(end.length === 10 ? `${end}T23:59:59Z` : end);
      const data: Record<string, Array<{ start: string; end?: string }>> = {};
      for (const slot of [...fake.slots].sort()) {
        const instant = new Date(slot);
        if (instant.getTime() < from || instant.getTime() > to) continue;
        const startText = isoInZone(instant, timeZone);
        const day = startText.slice(0, 10);
        const endText = isoInZone(new Date(instant.getTime() + fake.lengthMinutes * 60_000), timeZone);
        (data[day] ??= []).push(range ? { start: startText, end: endText } : { start: startText });
      }
      return send(response, 200, { status: 'success', data });
    }

    if (url.pathname === '/v2/bookings' && request.method === 'POST') {
      if (request.headers['cal-api-version'] !== '2024-08-13') {
        return calError(response, url.pathname, 400, 'BadRequestException', 'fake: POST /v2/bookings needs cal-api-version: 2024-08-13');
      }
      const input = body as { start?: string; eventTypeId?: unknown; attendee?: { name?: string; email?: string; timeZone?: string; language?: string } };
      if (!input?.start || typeof input.eventTypeId !== 'number' || !input.attendee?.name || !input.attendee.timeZone || !input.attendee.email) {
        return calError(response, url.pathname, 400, 'BadRequestException', 'start, eventTypeId (number) and attendee {name, email, timeZone} are required');
      }
      if (Date.parse(input.start) < Date.now()) {
        return calError(response, url.pathname, 400, 'BadRequestException', 'Attempting to book a meeting in the past.');
      }
      const index = fake.slots.findIndex((slot) => Date.parse(slot) === Date.parse(input.start!));
      if (fake.refuseBookings === 'out_of_bounds') {
        return calError(
          response,
          url.pathname,
          400,
          'BadRequestException',
          `The event type can't be booked at the "start" time provided. This could be because it's too soon (violating the minimum booking notice) or too far in the future (outside the event's scheduling window). Try fetching available slots first using the GET /v2/slots endpoint and then make a booking with "start" time equal to one of the available slots: https://cal.com/docs/api-reference/v2/slots`,
        );
      }
      if (fake.refuseBookings === 'taken' || index < 0) {
        return calError(response, url.pathname, 400, 'BadRequestException', 'User either already has booking at this time or is not available');
      }
      const [slot] = fake.slots.splice(index, 1);
      const startInstant = new Date(slot!);
      const id = ++bookingId;
      const booking = {
          id,
          uid: `fake-uid-${id}`,
          title: 'Konsultacja',
          description: '',
          hosts: [{ id: 1, name: 'Host', timeZone: 'Europe/Warsaw' }],
          status: 'accepted',
          start: startInstant.toISOString(),
          end: new Date(startInstant.getTime() + fake.lengthMinutes * 60_000).toISOString(),
          duration: fake.lengthMinutes,
          eventTypeId: fake.eventTypeId,
          eventType: { id: fake.eventTypeId, slug: 'konsultacja' },
          location: 'https://cal.com/video/fake',
          absentHost: false,
          attendees: [{ name: input.attendee.name, timeZone: input.attendee.timeZone, language: input.attendee.language ?? 'en', absent: false }],
          guests: [],
          bookingFieldsResponses: (body as { bookingFieldsResponses?: unknown }).bookingFieldsResponses ?? {},
          metadata: (body as { metadata?: unknown }).metadata ?? {},
      };
      fake.bookings.set(booking.uid, { ...booking, attendees: [{ ...booking.attendees[0], email: input.attendee.email }] });
      return send(response, 201, { status: 'success', data: booking });
    }

    if (url.pathname === '/v2/bookings' && request.method === 'GET') {
      if (request.headers['cal-api-version'] !== '2024-08-13') {
        return calError(response, url.pathname, 400, 'BadRequestException', 'fake: GET /v2/bookings needs cal-api-version: 2024-08-13');
      }
      const wanted = url.searchParams.get('status');
      const eventType = url.searchParams.get('eventTypeId');
      const now = Date.now();
      const all = [...fake.bookings.values()]
        .filter((booking) => !eventType || Number(eventType) === booking.eventTypeId)
        .filter((booking) => {
          if (!wanted) return true;
          const cancelled = booking.status === 'cancelled';
          const past = Date.parse(String(booking.end)) <= now;
          return wanted.split(',').some((status) => (status === 'cancelled' ? cancelled : status === 'past' ? past && !cancelled : status === 'upcoming' ? !past && !cancelled : false));
        })
        .sort((a, b) => Date.parse(String(a.start)) - Date.parse(String(b.start)));
      const take = Number(url.searchParams.get('take') ?? 100);
      const skip = Number(url.searchParams.get('skip') ?? 0);
      return send(response, 200, { status: 'success', data: all.slice(skip, skip + take), pagination: { totalItems: all.length, itemsPerPage: take } });
    }

    const cancel = /^\/v2\/bookings\/([^/]+)\/cancel$/.exec(url.pathname);
    if (cancel && request.method === 'POST') {
      if (request.headers['cal-api-version'] !== '2024-08-13') {
        return calError(response, url.pathname, 400, 'BadRequestException', 'fake: POST /v2/bookings/{uid}/cancel needs cal-api-version: 2024-08-13');
      }
      const booking = fake.bookings.get(decodeURIComponent(cancel[1]!));
      if (!booking) return calError(response, url.pathname, 404, 'NotFoundException', `Booking with uid=${cancel[1]} was not found in the database`);
      if (booking.status === 'cancelled') return calError(response, url.pathname, 400, 'BadRequestException', 'This booking has already been cancelled.');
      booking.status = 'cancelled';
      booking.cancellationReason = (body as { cancellationReason?: unknown })?.cancellationReason;
      fake.slots.push(new Date(String(booking.start)).toISOString());
      return send(response, 200, { status: 'success', data: booking });
    }
    return calError(response, url.pathname, 404, 'NotFoundException', `Cannot ${request.method} ${url.pathname}`);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.apiUrl = `http://127.0.0.1:${port}/v2`;
  return Object.assign(fake, {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
