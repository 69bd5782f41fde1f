/**
 * Cal.com API v2 (https://cal.com/docs/api-reference/v2):
 * - GET  {CAL_API_URL}/slots?eventTypeId&start&end&timeZone&format=range, header cal-api-version: 2024-09-04,
 *   answer {status:"success", data:{"YYYY-MM-DD":[{start, end}]}}.
 * - POST {CAL_API_URL}/bookings, header cal-api-version: 2024-08-13, body {start (UTC), eventTypeId,
 *   attendee:{name,email,timeZone,phoneNumber?,language}, bookingFieldsResponses?, metadata?},
 *   answer 201 {status:"success", data:{id, uid, start, end, status, ...}}.
 * - GET  {CAL_API_URL}/bookings?eventTypeId&status&sortStart=asc&take&skip, header cal-api-version: 2024-08-13,
 *   answer {status:"success", data:[{uid, start, end, status, attendees:[{name,email,timeZone,language,phoneNumber?}], metadata}], pagination}.
 * - POST {CAL_API_URL}/bookings/{uid}/cancel, header cal-api-version: 2024-08-13, body {cancellationReason}:
 *   Cal.com cancels and mails the attendee and the host itself.
 * Errors are {status:"error", timestamp, path, error:{code, message, details?}}; a slot someone took
 * is a 400 ("... already has booking at this time or is not available") or a 409.
 */
import type { Settings } from '../base/settings';
import { SchedulingProviderError, type BookingOutcome, type ProviderBooking, type SchedulingProvider, type SlotInterval } from './scheduling';
import { probeHttp } from './probe';

export const CAL_SLOTS_API_VERSION = '2024-09-04';
export const CAL_BOOKINGS_API_VERSION = '2024-08-13';
/** Slot lookups fall back to the booking link quickly; a booking may take a little longer. */
const SLOTS_TIMEOUT_MS = 5_000;
const BOOKING_TIMEOUT_MS = 10_000;
/** Bookings are listed a page at a time, up to this many pages (the admin listing, not a request path). */
const LIST_PAGE = 100;
const LIST_PAGES = 20;

interface CalResponse {
  status: number;
  body: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Cal.com's error object, or the whole body when it has another shape. */
function errorDetails(body: unknown): Record<string, unknown> {
  if (isRecord(body) && isRecord(body.error)) return body.error;
  if (isRecord(body)) return body;
  return typeof body === 'string' && body ? { message: body.slice(0, 500) } : {};
}

function errorMessage(body: unknown): string {
  const details = errorDetails(body);
  const message = details.message ?? (isRecord(body) ? body.message : undefined);
  return typeof message === 'string' ? message : Array.isArray(message) ? message.join('; ') : '';
}

export function createCalcomScheduling(settings: Settings): SchedulingProvider {
  const base = settings.CAL_API_URL.replace(/\/+$/, '');
  const eventTypeId = settings.CAL_EVENT_TYPE_ID!;

  async function call(path: string, init: RequestInit, version: string, timeoutMs: number): Promise<CalResponse> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${settings.CAL_API_KEY}`,
          'cal-api-version': version,
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new SchedulingProviderError(timedOut ? `Cal.com did not answer within ${timeoutMs / 1000} s.` : 'Cal.com could not be reached.', {
        details: { reason: timedOut ? 'timeout' : 'network', timeoutMs },
        cause: error,
      });
    }
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // A non-JSON answer (a proxy's HTML page) is kept as text for the details.
    }
    return { status: response.status, body };
  }

  return {
    name: 'calcom',
    describe: () => ({ provider: 'cal.com', external: true }),
    probe: () => probeHttp(`${base}/me`, { Authorization: `Bearer ${settings.CAL_API_KEY}`, 'cal-api-version': '2024-08-13' }),

    async listFreeSlots({ from, to, limit }) {
      const query = new URLSearchParams({
        eventTypeId: String(eventTypeId),
        start: from.toISOString(),
        end: to.toISOString(),
        timeZone: 'UTC',
        format: 'range',
      });
      const { status, body } = await call(`/slots?${query}`, { method: 'GET' }, CAL_SLOTS_API_VERSION, SLOTS_TIMEOUT_MS);
      if (status !== 200 || !isRecord(body) || body.status !== 'success' || !isRecord(body.data)) {
        throw new SchedulingProviderError(`Cal.com answered the slot lookup with ${status}${errorMessage(body) ? `: ${errorMessage(body)}` : ''}.`, {
          status,
          details: errorDetails(body),
        });
      }
      const slots: SlotInterval[] = [];
      for (const daySlots of Object.values(body.data)) {
        if (!Array.isArray(daySlots)) continue;
        for (const slot of daySlots) {
          // format=time answers plain strings in older versions; range answers {start, end}.
          const startText = typeof slot === 'string' ? slot : isRecord(slot) ? slot.start : undefined;
          const endText = isRecord(slot) ? slot.end : undefined;
          const start = typeof startText === 'string' ? new Date(startText) : undefined;
          if (!start || Number.isNaN(start.getTime())) continue;
          const end = typeof endText === 'string' && !Number.isNaN(Date.parse(endText)) ? new Date(endText) : undefined;
          if (start >= from && start < to) slots.push({ start, end });
        }
      }
      slots.sort((a, b) => a.start.getTime() - b.start.getTime());
      return limit ? slots.slice(0, limit) : slots;
    },

    async book(request): Promise<BookingOutcome> {
      const phone = request.phone?.replace(/[\s()-]/g, '');
      const body = {
        start: request.start.toISOString(),
        eventTypeId,
        attendee: {
          name: request.fullName,
          email: request.email,
          timeZone: request.timeZone,
          // Cal.com validates phoneNumber as an international number; other forms go in metadata only.
          ...(phone && /^\+[1-9]\d{6,14}$/.test(phone) ? { phoneNumber: phone } : {}),
          language: request.locale,
        },
        ...(request.notes ? { bookingFieldsResponses: { notes: request.notes } } : {}),
        metadata: { source: 'website', ...(request.phone ? { phone: request.phone.slice(0, 500) } : {}) },
      };
      const { status, body: answer } = await call(
        '/bookings',
        { method: 'POST', body: JSON.stringify(body) },
        CAL_BOOKINGS_API_VERSION,
        BOOKING_TIMEOUT_MS,
      );
      if ((status === 200 || status === 201) && isRecord(answer) && answer.status === 'success') {
        const data = Array.isArray(answer.data) ? answer.data[0] : answer.data;
        if (isRecord(data)) {
          const start = new Date(String(data.start ?? request.start.toISOString()));
          const end = typeof data.end === 'string' ? new Date(data.end) : new Date(start.getTime() + 30 * 60_000);
          return { kind: 'booked', id: String(data.uid ?? data.id), start, end };
        }
      }
      const message = errorMessage(answer);
      if (status === 409 || (status === 400 && /already has booking|not available|no_available_users|unavailable/i.test(message))) {
        return { kind: 'unavailable', reason: 'taken', detail: message };
      }
      if (status === 400 && /in the past/i.test(message)) return { kind: 'unavailable', reason: 'past', detail: message };
      if (status === 400 && /can't be booked at the "start"|out_of_bounds|minimum booking notice/i.test(message)) {
        return { kind: 'unavailable', reason: 'not_a_slot', detail: message };
      }
      throw new SchedulingProviderError(`Cal.com answered the booking with ${status}${message ? `: ${message}` : ''}.`, {
        status,
        details: errorDetails(answer),
      });
    },

    async listBookings({ all }) {
      const found: ProviderBooking[] = [];
      const now = Date.now();
      for (let page = 0; page < LIST_PAGES; page++) {
        const query = new URLSearchParams({ eventTypeId: String(eventTypeId), sortStart: 'asc', take: String(LIST_PAGE), skip: String(page * LIST_PAGE) });
        if (!all) query.set('status', 'upcoming');
        const { status, body } = await call(`/bookings?${query}`, { method: 'GET' }, CAL_BOOKINGS_API_VERSION, BOOKING_TIMEOUT_MS);
        if (status !== 200 || !isRecord(body) || body.status !== 'success' || !Array.isArray(body.data)) {
          throw new SchedulingProviderError(`Cal.com answered the bookings list with ${status}${errorMessage(body) ? `: ${errorMessage(body)}` : ''}.`, {
            status,
            details: errorDetails(body),
          });
        }
        for (const item of body.data) {
          if (!isRecord(item) || typeof item.start !== 'string') continue;
          const attendee = Array.isArray(item.attendees) && isRecord(item.attendees[0]) ? item.attendees[0] : {};
          const start = new Date(item.start);
          const end = typeof item.end === 'string' ? new Date(item.end) : start;
          const cancelled = item.status === 'cancelled' || item.status === 'rejected';
          found.push({
            id: String(item.uid ?? item.id),
            start,
            end,
            fullName: String(attendee.name ?? ''),
            email: String(attendee.email ?? ''),
            ...(typeof attendee.phoneNumber === 'string' ? { phone: attendee.phoneNumber } : {}),
            timeZone: String(attendee.timeZone ?? ''),
            locale: String(attendee.language ?? ''),
            status: cancelled ? 'cancelled' : start.getTime() <= now ? 'past' : 'open',
            fromSite: isRecord(item.metadata) && item.metadata.source === 'website',
          });
        }
        if (body.data.length < LIST_PAGE) break;
      }
      return found.filter((booking) => all || booking.status === 'open').sort((a, b) => a.start.getTime() - b.start.getTime());
    },

    async cancel(id, reason) {
      const { status, body } = await call(
        `/bookings/${encodeURIComponent(id)}/cancel`,
        { method: 'POST', body: JSON.stringify({ cancellationReason: reason }) },
        CAL_BOOKINGS_API_VERSION,
        BOOKING_TIMEOUT_MS,
      );
      if ((status === 200 || status === 201) && isRecord(body) && body.status === 'success') return 'cancelled';
      const message = errorMessage(body);
      if (status === 404) return 'not_found';
      if (status === 400 && /already (?:been )?cancel/i.test(message)) return 'already_cancelled';
      throw new SchedulingProviderError(`Cal.com answered the cancellation with ${status}${message ? `: ${message}` : ''}.`, { status, details: errorDetails(body) });
    },
  };
}
