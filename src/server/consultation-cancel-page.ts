/**
 * What the page opened from a booking's "cancel" link does (the page files only parse, call this and
 * render). GET with a valid ?token= shows the booking and one button (mail scanners that open links
 * must not cancel anything); the button's POST cancels (scheduling/cancellation.ts: the slot is free
 * at once, the visitor and the owner are mailed). A tampered link is a 400 page and changes nothing;
 * a booking already cancelled or already past says so.
 */
import type { Locale } from './i18n';
import { toAppError } from './errors';
import { readFormData } from './http/form-data';
import type { PageContext } from './newsletter-pages';
import { bookingOfCancelLink } from './scheduling/booking-cancel-link';
import { findBooking } from './scheduling/bookings-store';
import { cancelBooking } from './scheduling/cancellation';
import { slotLabel } from './scheduling/labels';
import { getSettings } from './settings';
import { logger } from './log';

export type CancelView =
  | { state: 'ask'; token: string; label: string; timeZone: string }
  | { state: 'done' | 'cancelled' | 'past'; label: string; timeZone: string }
  | { state: 'invalid' | 'unknown' | 'unavailable' };

type Page = { status: number; view: CancelView };

export async function consultationCancelPage(context: PageContext, locale: Locale): Promise<Page> {
  try {
    let token = context.url.searchParams.get('token');
    // The button posts the token as a form field; a bare POST to the link's URL uses the query's.
    if (context.request.method === 'POST' && context.request.headers.get('content-type')) {
      token = String((await readFormData(context.request)).get('token') ?? '') || token;
    }
    const id = bookingOfCancelLink(token);
    if (!id) return { status: 400, view: { state: 'invalid' } };
    const booking = findBooking(id);
    if (!booking) return { status: 404, view: { state: 'unknown' } };
    const when = { label: slotLabel(booking, locale, booking.timeZone), timeZone: booking.timeZone };
    if (booking.cancelledAt) return { status: 200, view: { state: 'cancelled', ...when } };
    if (booking.start.getTime() <= Date.now()) return { status: 410, view: { state: 'past', ...when } };
    if (context.request.method !== 'POST') return { status: 200, view: { state: 'ask', token: token!, ...when } };
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
