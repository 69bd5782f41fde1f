/**
 * Confirms an embedded booking by mail: the visitor gets a confirmation in their language and zone,
 * from the business (its name, not the host name), with an invitation titled from their point of
 * view ("Konsultacja — Pracownia Cyfrowa") and the place the page promises (CONSULTATION_LOCATION:
 * a meeting URL, a phone call or a street address); the owner (CONTACT_EMAIL) gets a notification with an invitation
 * titled with the visitor's name.
 *
 * Nobody has verified the visitor's address, so their mail and its invitation carry none of the
 * request's words (no name, no notes, no phone number): only the site's own sentences, the slot
 * and what the site configured (SITE_URL, the meeting URL or address). Otherwise anyone could have the site
 * mail their text to a stranger from its own sender. The owner's mail carries everything, with
 * names and phone numbers single-line.
 */
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';
import { businessName, senderName } from '../submissions/business';
import { type Locale } from '../base/i18n';
import { paths } from '../base/urls';
import { getMailProvider, singleLine } from '../providers/mail';
import type { Settings } from '../base/settings';
import { bookingCancelLink } from './booking-cancel-link';
import type { StoredBooking } from './bookings-store';
import { buildInvitation } from './ics';
import { slotLabel } from './labels';
import { placeSentence } from './place';

/**
 * The visitor's confirmation text: greeting, what, when, where, how to change it; none of the
 * request's words. With `cancelUrl` (the signed link of booking-cancel-link.ts) it says how to
 * cancel and reschedule online; without, to reply.
 */
export function visitorConfirmationText(booking: StoredBooking, settings: Settings, business: string, label: string, cancelUrl?: string): string {
  const locale: Locale = booking.locale === 'en' ? 'en' : 'pl';
  const text = ui[locale].mail.booking;
  const where = placeSentence(settings.CONSULTATION_LOCATION, Boolean(booking.phone), text.place);
  const minutes = Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000);
  return visitorLetter(locale, settings, business, text.closing, [
    fill(text.confirmed, { business }),
    '',
    `${ui[locale].mail.when}: ${label} (${booking.timeZone})`,
    `${text.length}: ${fill(text.minutes, { count: minutes })}`,
    `${text.where}: ${where}`,
    '',
    text.invitation,
    ...(cancelUrl ? [fill(text.cancel, { url: cancelUrl }), fill(text.reschedule, { url: new URL(paths.consultation(locale), settings.SITE_URL).href })] : [text.change]),
    text.notMe,
  ]);
}

/** A mail to the visitor: the greeting, `body`, then `closing` signed by the business with the site's address. */
export function visitorLetter(locale: Locale, settings: Settings, business: string, closing: string, body: string[]): string {
  return [ui[locale].mail.greeting, '', ...body, '', `${closing},`, business, settings.SITE_URL, ''].join('\n');
}

/** The invitation's LOCATION: the meeting URL, the street address, or the phone call (with the number only in the owner's copy). */
export function invitationLocation(settings: Settings, locale: Locale, phone?: string): string {
  const location = settings.CONSULTATION_LOCATION;
  if (location.kind === 'video') return location.url;
  if (location.kind === 'address') return location.address;
  const text = ui[locale].mail.booking;
  return phone ? fill(text.phoneNumber, { number: phone }) : text.phoneCall;
}

interface InvitationText {
  summary: string;
  description: string;
  location: string;
  cancelled?: boolean;
  /** The attendee's display name; absent in the visitor's copy (their address alone names them). */
  attendeeName?: string;
}

function invitationAttachment(booking: StoredBooking, settings: Settings, business: string, text: InvitationText) {
  const ics = buildInvitation({
    uid: `${booking.id}@${new URL(settings.SITE_URL).hostname}`,
    start: booking.start,
    end: booking.end,
    summary: text.summary,
    description: text.description,
    location: text.location,
    organizer: { name: business, email: settings.CONTACT_EMAIL },
    attendee: { email: booking.email, ...(text.attendeeName ? { name: text.attendeeName } : {}) },
    url: settings.SITE_URL,
    cancelled: text.cancelled,
  });
  const method = text.cancelled ? 'CANCEL' : 'REQUEST';
  return { filename: 'invite.ics', content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

/** One mail about a booking: what it says and the invitation (a new one, or its cancellation). */
export interface BookingMail {
  subject: string;
  text: string;
  invitation: InvitationText;
}

/**
 * Mails the visitor about their booking, in their language and time zone, with the invitation;
 * replies go to the owner. `compose` writes the mail from the site's own sentences only. False when
 * the mail was kept but reaches nobody (the outbox in production).
 */
export async function mailVisitor(
  booking: StoredBooking,
  settings: Settings,
  compose: (locale: Locale, business: string, label: string) => BookingMail,
): Promise<boolean> {
  const locale: Locale = booking.locale === 'en' ? 'en' : 'pl';
  const business = await businessName(locale);
  const mail = compose(locale, business, slotLabel(booking, locale, booking.timeZone));
  const sent = await getMailProvider().send({
    to: [booking.email],
    fromName: await senderName(locale),
    subject: mail.subject,
    text: mail.text,
    replyTo: settings.CONTACT_EMAIL,
    attachments: [invitationAttachment(booking, settings, business, mail.invitation)],
  });
  return sent.delivered !== false;
}

/** Mails the owner (CONTACT_EMAIL) about a booking, in Polish and Warsaw time, with the invitation; replies go to the visitor. */
export async function mailOwner(booking: StoredBooking, settings: Settings, compose: (label: string, fullName: string) => BookingMail): Promise<void> {
  const business = await businessName('pl');
  const mail = compose(slotLabel(booking, 'pl', 'Europe/Warsaw'), singleLine(booking.fullName));
  await getMailProvider().send({
    to: [settings.CONTACT_EMAIL],
    subject: mail.subject,
    text: mail.text,
    replyTo: booking.email,
    attachments: [invitationAttachment(booking, settings, business, { attendeeName: singleLine(booking.fullName), ...mail.invitation })],
  });
}

/** The visitor's confirmation, in their language and time zone; false when it reaches nobody. */
export function sendVisitorConfirmation(booking: StoredBooking, settings: Settings): Promise<boolean> {
  return mailVisitor(booking, settings, (locale, business, label) => ({
    subject: fill(ui[locale].mail.booking.subject, { label }),
    text: visitorConfirmationText(booking, settings, business, label, bookingCancelLink(booking, settings)),
    invitation: {
      summary: `${ui[locale].mail.booking.summary} — ${business}`,
      description: ui[locale].mail.booking.description,
      location: invitationLocation(settings, locale),
    },
  }));
}

/** The owner's notification (CONTACT_EMAIL), in Polish and Warsaw time; replies go to the visitor. */
export function sendOwnerNotification(booking: StoredBooking, settings: Settings): Promise<void> {
  const phone = booking.phone ? singleLine(booking.phone) : undefined;
  return mailOwner(booking, settings, (label, fullName) => ({
    subject: fill(ui.pl.mail.booking.ownerSubject, { name: fullName, label }),
    text: [
      `Termin: ${label} (Europe/Warsaw)`,
      `Osoba: ${fullName} <${booking.email}>`,
      `Telefon: ${phone ?? '—'}`,
      `Miejsce: ${invitationLocation(settings, 'pl', phone)}`,
      `Strefa czasowa osoby: ${booking.timeZone}, język: ${booking.locale}`,
      `Notatki: ${booking.notes ?? '—'}`,
      `Identyfikator: ${booking.id}`,
    ].join('\n'),
    invitation: {
      summary: `${ui.pl.mail.booking.summary}: ${fullName}`,
      description: [booking.notes, phone ? `Tel.: ${phone}` : undefined].filter(Boolean).join('\n') || ui.pl.mail.booking.summary,
      location: invitationLocation(settings, 'pl', phone),
    },
  }));
}
