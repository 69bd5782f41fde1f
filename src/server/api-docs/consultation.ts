/** The consultation endpoints: their documentation (paths and limits: http/route-table.ts). */
import { z } from 'zod';
import { errorCatalog, fault } from '../base/errors';
import { ErrorResponse } from '../schemas/common';
import { BookingConflictResponse, BookingResult, ConsultationBookInput, ConsultationSlotsResponse, SlotsQuery } from '../schemas/consultation';
import { BOOKING_FLOW } from '../scheduling/booking-flow';
import type { OperationDoc } from './operation';
import { errorResponses, jsonBodyErrors } from './responses';

// The generator adds X-RateLimit-* to every response of a rate-limited operation, Retry-After to 429.
const tooMany = errorResponses(['rate_limited']);

export const slots: OperationDoc = {
  operationId: 'getConsultationSlots',
  summary: 'Free consultation slots',
  description:
    'Free consultation slots in a window of whole days (default today + 14 days, at most 62), with labels in the asked locale and time zone. ' +
    'Slots come from Cal.com when it is configured, else from the office hours in content/office-hours.yaml (Europe/Warsaw). ' +
    'When the slot provider fails the answer is still 200: the link-only fallback with ok=false, mode=link_only, bookingUrl, error, slots=[], timeZone and the upstream status and details.',
  tags: ['Consultation'],
  query: SlotsQuery,
  responses: {
    200: {
      description: 'Free slots (mode=slots) or the link-only fallback (mode=link_only).',
      schema: ConsultationSlotsResponse,
      example: {
        ok: true,
        mode: 'slots',
        bookingUrl: 'https://cal.com/example/konsultacja',
        timeZone: 'Europe/Warsaw',
        slots: [{ start: '2026-12-01T10:00:00+01:00', end: '2026-12-01T10:30:00+01:00', label: 'wt., 1 gru 2026, 10:00–10:30', date: '2026-12-01' }],
        range: { start: '2026-11-22', end: '2026-12-06' },
      },
    },
    ...errorResponses(['validation_failed', 'method_not_allowed'], {
      validation_failed: fault('validation_failed.rule', { field: 'timeZone', problem: 'must be an IANA time zone name such as Europe/Warsaw' }, { field: 'timeZone' }),
    }),
    ...tooMany,
  },
};

const limitReached = errorResponses(['booking_limit_reached'], {
  booking_limit_reached: fault('booking_limit_reached.email', { limit: 2 }),
})[409]!;

export const book: OperationDoc = {
  operationId: 'bookConsultation',
  summary: 'Book a consultation slot',
  description:
    'Books a slot returned by GET /api/consultation/slots (same input and answers as the MCP tool consultation_book). ' +
    `Booking flow: ${BOOKING_FLOW.join(' ')} ` +
    'Public like the contact form: the person picks and confirms the slot on the site itself; agents book through the MCP tool consultation_book (scope mcp:tools:booking). ' +
    'On the embedded office hours the booking is confirmed by e-mail with an .ics invitation to the visitor and the site owner. ' +
    'A slot that was taken meanwhile, is past or is not a slot answers 409 with mode=slot_unavailable, retryable (true only when it was taken), fresh alternatives and an ErrorResponse-shaped error (code slot_unavailable). ' +
    'One e-mail address (case, +tags and Gmail dots ignored) may hold BOOKING_MAX_OPEN_PER_EMAIL upcoming bookings and one client BOOKING_MAX_OPEN_PER_IP, whichever door booked them; ' +
    'over either the answer is 409 booking_limit_reached (not retryable) and nothing is booked. ' +
    'The confirmation mailed to the visitor carries none of the request\'s words (name, notes, phone); the site owner\'s notification has them all. ' +
    "Two paths: application/json is the API (no spam checks beyond the limits); application/x-www-form-urlencoded is the site's booking form, whose extra fields `website` (honeypot, must stay empty) and `altcha` (proof of work from GET /api/forms/challenge) are checked: a suspicious form post books nothing, mails no one and answers 400 form_not_verified. " +
    'Rate limit: RATE_LIMIT_BOOKING, the family the MCP tool consultation_book spends too.',
  tags: ['Consultation'],
  request: {
    schema: ConsultationBookInput,
    contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
    example: { fullName: 'Anna Nowak', email: 'anna@example.com', phone: '+48 600 100 200', timeZone: 'Europe/Warsaw', start: '2026-12-01T10:00:00+01:00', notes: 'Nowa strona fundacji', locale: 'pl' },
  },
  responses: {
    200: { description: 'Booked (mode=booked), or only the booking link is available (mode=link_only).', schema: BookingResult },
    ...errorResponses([...jsonBodyErrors, 'form_not_verified', 'method_not_allowed', 'provider_unavailable'], {
      provider_unavailable: fault('provider_unavailable.booking', { detail: 'Cal.com could not be reached.', bookingUrl: 'https://cal.com/example/konsultacja' }),
    }),
    409: {
      description:
        'slot_unavailable: the slot is taken, past or not a slot (mode=slot_unavailable) with fresh alternatives. ' +
        `booking_limit_reached: ${errorCatalog.booking_limit_reached.description}`,
      // The conflict body also carries an ErrorResponse `error`, so a generic client reads both alike.
      schema: z.union([BookingConflictResponse, ErrorResponse]),
      examples: limitReached.examples,
      codes: ['slot_unavailable', 'booking_limit_reached'],
    },
    ...tooMany,
  },
};
