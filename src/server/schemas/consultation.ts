/** Consultation slots and booking: the endpoint's query and answer, and the booking tool's input. */
import { z } from 'zod';
import { Email, ErrorResponse, Locale } from './common';

const canonicalZones = new Map<string, string | null>();
/** Longer than any IANA name (the longest has 32 characters): not one, and not remembered. */
const MAX_ZONE_LENGTH = 64;

/**
 * The name Intl gives a time zone ("europe/warsaw" → "Europe/Warsaw"), or null when the value names
 * none. Intl takes any letter case and aliases; answering its own spelling keeps the scheduling
 * code's per-zone caches to the finite set of real zones, whatever spellings clients send.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.length > MAX_ZONE_LENGTH) return null;
  // Building an Intl.DateTimeFormat costs more than the rest of a slot lookup: remember each answer
  // (the map is bounded; a client sending endless made-up names only refills it).
  let canonical = canonicalZones.get(value);
  if (canonical === undefined) {
    try {
      const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
      // Offsets ("+01:00") and bare abbreviations are not IANA names.
      canonical = value.includes('/') || value.toUpperCase() === 'UTC' ? resolved : null;
    } catch {
      canonical = null;
    }
    if (canonicalZones.size >= 1000) canonicalZones.clear();
    canonicalZones.set(value, canonical);
  }
  return canonical;
}

export const isIanaTimeZone = (value: string): boolean => canonicalTimeZone(value) !== null;

export const TimeZone = z
  .string()
  .min(1)
  .transform((value, context) => {
    const canonical = canonicalTimeZone(value);
    if (canonical === null) context.addIssue({ code: 'custom', message: 'must be an IANA time zone name such as Europe/Warsaw' });
    return canonical ?? value;
  })
  .describe('IANA time zone name, e.g. Europe/Warsaw.');

/** The longest window one slot query may cover, in days. */
export const MAX_WINDOW_DAYS = 62;
/** The window when no end is given, in days. */
export const DEFAULT_WINDOW_DAYS = 14;

const isoDate = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });

export const SlotsQuery = z
  .object({
    locale: Locale,
    timeZone: TimeZone.default('Europe/Warsaw'),
    start: isoDate.optional().describe('First day of the window (YYYY-MM-DD) in the asked time zone; default today.'),
    end: isoDate.optional().describe(`Last day of the window (YYYY-MM-DD), at most ${MAX_WINDOW_DAYS} days after start; default 14 days after start.`),
    limit: z.coerce.number().int().min(1).max(30).default(12).describe('Most slots to return (1–30).'),
  })
  // Window rules (end not before start, at most 62 days) live in findSlots: a refinement here would
  // stop other modules from extending or picking this schema (zod 4).
  .meta({ id: 'ConsultationSlotsQuery' });
export type SlotsQuery = z.output<typeof SlotsQuery>;

export const ConsultationSlot = z
  .object({
    start: z.iso.datetime({ offset: true }).describe('Slot start (ISO 8601 with offset).'),
    end: z.iso.datetime({ offset: true }).optional().describe('Slot end.'),
    label: z.string().describe('The slot for a person, in the asked locale and time zone.'),
    date: z.iso.date().describe('Day of the slot in the asked time zone.'),
  })
  .meta({ id: 'ConsultationSlot' });
export type ConsultationSlot = z.output<typeof ConsultationSlot>;

/** What the fallback tells of the provider's failure: named fields only, so the published schema is closed. */
export const ProviderErrorDetails = z.object({
  reason: z.string().optional().describe('Why the call failed on our side: timeout, network, mail_failed.'),
  code: z.string().optional().describe("The provider's error code."),
  message: z.string().optional().describe("The provider's error message."),
  timeoutMs: z.number().int().optional().describe('The time limit that ran out (reason timeout).'),
});
export type ProviderErrorDetails = z.output<typeof ProviderErrorDetails>;

export const ConsultationSlotsResponse = z
  .object({
    ok: z.boolean(),
    mode: z.enum(['slots', 'link_only']).optional(),
    bookingUrl: z.url().optional().describe('Public booking link.'),
    timeZone: z.string().optional(),
    slots: z.array(ConsultationSlot).optional().describe('Empty in the link-only fallback.'),
    range: z.object({ start: z.iso.date(), end: z.iso.date() }).optional(),
    error: z.string().optional().describe('Present in the fallback.'),
    status: z.number().int().optional().describe('Upstream provider status, present in the fallback.'),
    details: ProviderErrorDetails.optional().describe('Upstream provider error detail, present in the fallback.'),
  })
  .meta({ id: 'ConsultationSlotsResponse' });
export type ConsultationSlotsResponse = z.output<typeof ConsultationSlotsResponse>;

export const ConsultationBookInput = z
  .object({
    fullName: z.string().trim().min(3).max(200).describe('Full name (at least 3 characters).'),
    email: Email,
    phone: z.string().trim().max(40).optional(),
    timeZone: TimeZone,
    start: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-12-01T10:00:00+01:00' }).describe('Start of a slot returned by consultation_availability.'),
    notes: z.string().trim().max(2000).optional(),
    locale: Locale.optional(),
  })
  .meta({ id: 'ConsultationBookInput' });
export type ConsultationBookInput = z.output<typeof ConsultationBookInput>;

/** A slot that cannot be booked, with fresh alternatives. */
export const SlotUnavailable = z.object({
  ok: z.literal(false),
  mode: z.literal('slot_unavailable'),
  reason: z.enum(['taken', 'past', 'not_a_slot']).describe('taken: booked meanwhile; past: in the past or inside the notice period; not_a_slot: no slot starts then.'),
  retryable: z.boolean().describe('True only when the slot was taken meanwhile: pick an alternative and book again.'),
  message: z.string(),
  alternatives: z.array(ConsultationSlot).describe('Fresh free slots in the asked locale and time zone.'),
  bookingUrl: z.url(),
});

/** The 409 body of POST /api/consultation/book: the refused slot plus an ErrorResponse-shaped error. */
export const BookingConflictResponse = SlotUnavailable.extend({ error: ErrorResponse.shape.error }).meta({ id: 'ConsultationBookingConflict' });

export const BookingResult = z
  .discriminatedUnion('mode', [
    z.object({
      ok: z.literal(true),
      mode: z.literal('booked'),
      booking: z.object({ id: z.string(), start: z.string(), end: z.string(), label: z.string(), timeZone: z.string() }),
      bookingUrl: z.url(),
      message: z.string(),
    }),
    SlotUnavailable,
    z.object({ ok: z.literal(false), mode: z.literal('link_only'), bookingUrl: z.url(), message: z.string() }),
  ])
  .meta({ id: 'BookingResult' });
export type BookingResult = z.output<typeof BookingResult>;
