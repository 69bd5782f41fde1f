/**
 * What the page opened from a booking's link does (the page files only parse, call this and render).
 * GET with a valid ?token= shows the booking, the free slots it may move to (the booking form's
 * availability, in the visitor's time zone and the page's language) and a cancel button: a mail
 * scanner that opens links changes nothing. A POST with `action=move` and a slot's `start` moves the
 * booking there (scheduling/reschedule.ts: booked and cancelled in one step); a slot taken meanwhile
 * is a conflict with fresh slots. Any other POST cancels (scheduling/cancellation.ts). A tampered
 * link is a 400 page and changes nothing; a booking already cancelled or already past says so.
 */
import type { Locale } from '../base/i18n';
import { toAppError } from '../base/errors';
import { readFormData } from '../http/form-data';
import type { PageContext } from './newsletter-pages';
import { getSchedulingProvider } from '../scheduling/provider';
import type { ConsultationSlot } from '../schemas/consultation';
import { bookingOfCancelLink } from '../scheduling/booking-cancel-link';
import { bookingsStore } from '../scheduling/bookings-store';
import { cancelBooking } from '../scheduling/cancellation';
import { findSlots } from '../scheduling/index';
import { slotLabel } from '../scheduling/labels';
import { rescheduleBooking } from '../scheduling/reschedule';
import { getSettings } from '../base/settings';
import { logger } from '../base/log';

/** Free slots the page offers to move to. */
const OFFERED_SLOTS = 12;

export type CancelView =
  | { state: 'ask' | 'conflict'; token: string; label: string; timeZone: string; slots: ConsultationSlot[] }
  | { state: 'moved'; label: string; previous: string; timeZone: string }
  | { state: 'done' | 'cancelled' | 'past'; label: string; timeZone: string }
  | { state: 'invalid' | 'unknown' | 'unavailable' };

type Page = { status: number; view: CancelView };

/** The slots the booking form would offer now, in the visitor's zone; none when only the link is left. */
async function freeSlots(locale: Locale, timeZone: string): Promise<ConsultationSlot[]> {
  if (getSchedulingProvider().name !== 'embedded') return [];
  const answer = await findSlots({ locale, timeZone, limit: OFFERED_SLOTS });
  return answer.ok && answer.mode === 'slots' ? (answer.slots ?? []) : [];
}

export async function consultationCancelPage(context: PageContext, locale: Locale): Promise<Page> {
  try {
    let token = context.url.searchParams.get('token');
    let form: FormData | undefined;
    // The buttons post the token as a form field; a bare POST to the link's URL uses the query's.
    if (context.request.method === 'POST' && context.request.headers.get('content-type')) {
      form = await readFormData(context.request);
      token = String(form.get('token') ?? '') || token;
    }
    const id = bookingOfCancelLink(token);
    if (!id) return { status: 400, view: { state: 'invalid' } };
    const booking = await bookingsStore().findBooking(id);
    if (!booking) return { status: 404, view: { state: 'unknown' } };
    const when = { label: slotLabel(booking, locale, booking.timeZone), timeZone: booking.timeZone };
    if (booking.cancelledAt) return { status: 200, view: { state: 'cancelled', ...when } };
    if (booking.start.getTime() <= Date.now()) return { status: 410, view: { state: 'past', ...when } };
    if (context.request.method !== 'POST') {
      return { status: 200, view: { state: 'ask', token: token!, ...when, slots: await freeSlots(locale, booking.timeZone) } };
    }
    if (form?.get('action') === 'move') {
      const moved = await rescheduleBooking(id, new Date(String(form.get('start') ?? '')), getSettings());
      if (moved.kind === 'moved') {
        return { status: 200, view: { state: 'moved', label: slotLabel(moved.to, locale, booking.timeZone), previous: when.label, timeZone: booking.timeZone } };
      }
      if (moved.kind === 'unavailable' || moved.kind === 'not_offered') {
        return { status: 409, view: { state: 'conflict', token: token!, ...when, slots: await freeSlots(locale, booking.timeZone) } };
      }
      if (moved.kind === 'already_cancelled') return { status: 200, view: { state: 'cancelled', ...when } };
      if (moved.kind === 'past') return { status: 410, view: { state: 'past', ...when } };
      return { status: 404, view: { state: 'unknown' } };
    }
    const outcome = await cancelBooking(id, 'visitor', getSettings());
    if (outcome.kind === 'cancelled') return { status: 200, view: { state: 'done', ...when } };
    if (outcome.kind === 'already_cancelled') return { status: 200, view: { state: 'cancelled', ...when } };
    if (outcome.kind === 'past') return { status: 410, view: { state: 'past', ...when } };
    return { status: 404, view: { state: 'unknown' } };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === 'payload_too_large' || appError.code === 'unsupported_media_type') return { status: appError.status, view: { state: 'invalid' } };
    logger().error({ err: error }, '[consultation cancel page]');
    return { status: 503, view: { state: 'unavailable' } };
  }
}
