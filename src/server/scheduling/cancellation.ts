/**
 * Cancelling an embedded booking, from the admin command (the owner) or the link in the visitor's
 * mail: the booking leaves the bookings table (its slot is free at once, bookings-store.ts), its slot
 * claim in the shared store and its open-bookings places are released, cached slot answers are
 * forgotten, and both sides are told by mail with a calendar cancellation of the invitation.
 *
 * The visitor's mail, like the confirmation, carries none of the request's words (nobody verified
 * their address): the site's sentences, the slot, and the page to book a new one. The owner's mail
 * carries the details and who cancelled.
 */
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';
import { type Locale } from '../base/i18n';
import { paths } from '../base/urls';
import { singleLine } from '../providers/mail';
import { releaseSlotClaim } from './embedded-provider';
import type { Settings } from '../base/settings';
import { bookingsStore, type BookingRecord, type CancelledBy, type StoredBooking } from './bookings-store';
import { invitationLocation, mailOwner, mailVisitor, visitorLetter } from './confirmation';
import { forgetSlotAnswers } from './index';
import { releaseBookingPlaces } from './open-bookings';
import { logger } from '../base/log';

export type CancelOutcome =
  | {
      kind: 'cancelled';
      booking: StoredBooking;
      /** False when the open-bookings places could not be found to free (see open-bookings.ts). */
      placesReleased: boolean;
      mailed: { visitor: boolean; owner: boolean };
    }
  | { kind: 'already_cancelled'; booking: BookingRecord }
  | { kind: 'past'; booking: BookingRecord }
  | { kind: 'not_found' };

/** The visitor's cancellation text: none of the request's words, only the slot and the site's pages. */
export function visitorCancellationText(booking: StoredBooking, settings: Settings, business: string, label: string, by: CancelledBy): string {
  const locale: Locale = booking.locale === 'en' ? 'en' : 'pl';
  const text = ui[locale].mail.cancellation;
  return visitorLetter(locale, settings, business, text.closing, [
    by === 'visitor' ? text.byVisitor : text.byOwner,
    '',
    `${ui[locale].mail.when}: ${label} (${booking.timeZone})`,
    '',
    fill(text.rebook, { url: new URL(paths.consultation(locale), settings.SITE_URL).href }),
  ]);
}

export function mailVisitorCancellation(booking: StoredBooking, settings: Settings, by: CancelledBy): Promise<boolean> {
  return mailVisitor(booking, settings, (locale, business, label) => ({
    subject: fill(ui[locale].mail.cancellation.subject, { label }),
    text: visitorCancellationText(booking, settings, business, label, by),
    invitation: {
      summary: `${ui[locale].mail.cancellation.summary} — ${business}`,
      description: ui[locale].mail.cancellation.summary,
      location: invitationLocation(settings, locale),
      cancelled: true,
    },
  }));
}

export function mailOwnerCancellation(booking: StoredBooking, settings: Settings, by: CancelledBy, reason?: string): Promise<void> {
  return mailOwner(booking, settings, (label, fullName) => ({
    subject: `Konsultacja odwołana: ${fullName}, ${label}`,
    text: [
      by === 'visitor' ? 'Osoba odwołała konsultację linkiem z maila z potwierdzeniem.' : 'Konsultację odwołano poleceniem administracyjnym (npm run admin).',
      `Termin: ${label} (Europe/Warsaw), wolny od teraz dla innych`,
      `Osoba: ${fullName} <${booking.email}>`,
      ...(reason ? [`Powód: ${singleLine(reason)}`] : []),
      `Identyfikator: ${booking.id}`,
    ].join('\n'),
    invitation: {
      summary: `Konsultacja: ${fullName} (odwołana)`,
      description: 'Konsultacja odwołana',
      location: invitationLocation(settings, 'pl'),
      cancelled: true,
    },
  }));
}

/**
 * Cancels a booking not yet started and tells both sides. A mail that fails does not undo the
 * cancellation (the slot is already free): the outcome says which mails went out.
 */
export async function cancelBooking(id: string, by: CancelledBy, settings: Settings, options: { reason?: string; now?: Date } = {}): Promise<CancelOutcome> {
  const now = options.now ?? new Date();
  const known = await bookingsStore().findBooking(id);
  if (!known) return { kind: 'not_found' };
  if (known.cancelledAt) return { kind: 'already_cancelled', booking: known };
  if (known.start.getTime() <= now.getTime()) return { kind: 'past', booking: known };
  const booking = await bookingsStore().cancelStoredBooking(id, by, now);
  if (!booking) {
    // Cancelled by someone else between the two reads.
    const again = await bookingsStore().findBooking(id);
    return again ? { kind: 'already_cancelled', booking: again } : { kind: 'not_found' };
  }
  await releaseSlotClaim(booking.start);
  const placesReleased = await releaseBookingPlaces(booking.id);
  forgetSlotAnswers();
  const mailed = { visitor: true, owner: true };
  await mailVisitorCancellation(booking, settings, by).catch((error) => {
    mailed.visitor = false;
    logger().error({ err: error }, '[scheduling] visitor cancellation mail failed');
  });
  await mailOwnerCancellation(booking, settings, by, options.reason).catch((error) => {
    mailed.owner = false;
    logger().error({ err: error }, '[scheduling] owner cancellation mail failed');
  });
  return { kind: 'cancelled', booking, placesReleased, mailed };
}
