/**
 * Confirms an embedded booking by mail: the visitor gets a confirmation in their language and zone,
 * the owner (CONTACT_EMAIL) a notification; both carry the same .ics invitation.
 */
import { getMailProvider } from '../providers/mail';
import type { Settings } from '../settings';
import type { StoredBooking } from './bookings-store';
import { buildInvitation } from './ics';
import { slotLabel } from './labels';
import { schedulingMessages } from './messages';

function siteName(settings: Settings): string {
  return new URL(settings.SITE_URL).hostname;
}

/** The invitation and labels shared by both messages. */
function prepare(booking: StoredBooking, settings: Settings) {
  const locale = booking.locale === 'en' ? 'en' : 'pl';
  const text = schedulingMessages[locale];
  const visitorLabel = slotLabel(booking, locale, booking.timeZone);
  const ownerLabel = slotLabel(booking, 'pl', 'Europe/Warsaw');
  const ics = buildInvitation({
    uid: `${booking.id}@${siteName(settings)}`,
    start: booking.start,
    end: booking.end,
    summary: `${text.summary}: ${booking.fullName}`,
    description: [booking.notes, booking.phone ? `Tel.: ${booking.phone}` : undefined].filter(Boolean).join('\n') || text.summary,
    organizer: { name: siteName(settings), email: settings.CONTACT_EMAIL },
    attendee: { name: booking.fullName, email: booking.email },
    url: settings.SITE_URL,
  });
  const attachment = { filename: 'invite.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=REQUEST' };
  return { locale, text, visitorLabel, ownerLabel, attachment };
}

/** The visitor's confirmation, in their language and time zone. */
export async function sendVisitorConfirmation(booking: StoredBooking, settings: Settings): Promise<void> {
  const { locale, text, visitorLabel, attachment } = prepare(booking, settings);
  const visitorText =
    locale === 'pl'
      ? `Dzień dobry ${booking.fullName},\n\npotwierdzamy konsultację: ${visitorLabel} (${booking.timeZone}).\nZaproszenie do kalendarza jest w załączniku.\n\nOdpowiedz na tę wiadomość, jeśli chcesz zmienić termin.\n`
      : `Hello ${booking.fullName},\n\nyour consultation is confirmed: ${visitorLabel} (${booking.timeZone}).\nThe calendar invitation is attached.\n\nReply to this message if you need to change the time.\n`;
  await getMailProvider().send({
    to: [booking.email],
    subject: text.mailSubject(visitorLabel),
    text: visitorText,
    replyTo: settings.CONTACT_EMAIL,
    attachments: [attachment],
  });
}

/** The owner's notification (CONTACT_EMAIL), in Polish and Warsaw time; replies go to the visitor. */
export async function sendOwnerNotification(booking: StoredBooking, settings: Settings): Promise<void> {
  const { ownerLabel, attachment } = prepare(booking, settings);
  await getMailProvider().send({
    to: [settings.CONTACT_EMAIL],
    subject: schedulingMessages.pl.ownerSubject(booking.fullName, ownerLabel),
    text: [
      `Termin: ${ownerLabel} (Europe/Warsaw)`,
      `Osoba: ${booking.fullName} <${booking.email}>`,
      `Telefon: ${booking.phone ?? '—'}`,
      `Strefa czasowa osoby: ${booking.timeZone}, język: ${booking.locale}`,
      `Notatki: ${booking.notes ?? '—'}`,
      `Identyfikator: ${booking.id}`,
    ].join('\n'),
    replyTo: booking.email,
    attachments: [attachment],
  });
}
