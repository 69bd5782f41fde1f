/**
 * The scheduling module used by GET /api/consultation/slots and the consultation tools.
 * Until a scheduling provider is wired (issue 5) it answers with the link-only fallback and
 * BOOKING_URL: never a made-up slot.
 */
import type { BookingResult, ConsultationBookInput, ConsultationSlotsResponse, SlotsQuery } from '../schemas/consultation';
import { getSettings } from '../settings';

/** Free slots in a window; a provider failure is the link-only fallback, never a throw. */
export async function findSlots(query: SlotsQuery): Promise<ConsultationSlotsResponse> {
  return {
    ok: false,
    mode: 'link_only',
    bookingUrl: getSettings().BOOKING_URL,
    error: 'Online slot lookup is not available; book through the link.',
    slots: [],
    timeZone: query.timeZone,
  };
}

/** Books a slot that findSlots returned; a taken or past slot is a result with alternatives. */
export async function bookConsultation(_input: ConsultationBookInput): Promise<BookingResult> {
  const bookingUrl = getSettings().BOOKING_URL;
  return { ok: false, mode: 'link_only', bookingUrl, message: `Book the consultation at ${bookingUrl}.` };
}
