/**
 * The link in a booking's confirmation mail that cancels it: the page of the visitor's language with
 * a token signed for this purpose alone (signing.ts). It does not expire: whether it still cancels
 * anything is the booking's state (cancelled, past), which the page says.
 */
import { type Locale } from '../base/i18n';
import { paths } from '../base/urls';
import type { Settings } from '../base/settings';
import { signToken, verifyToken } from '../base/signing';

export function bookingCancelLink(booking: { id: string; locale: string }, settings: Settings): string {
  const locale: Locale = booking.locale === 'en' ? 'en' : 'pl';
  const token = signToken('booking-cancel', { b: booking.id });
  return new URL(`${paths.consultationCancel(locale)}?token=${encodeURIComponent(token)}`, settings.SITE_URL).href;
}

/** The booking id a link names, when the token is intact. */
export function bookingOfCancelLink(token: string | null | undefined): string | undefined {
  const check = verifyToken<{ b: string }>('booking-cancel', token);
  return check.ok && typeof check.data.b === 'string' && check.data.b ? check.data.b : undefined;
}
