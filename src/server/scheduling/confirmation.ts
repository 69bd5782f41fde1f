/**
 * Confirms an embedded booking by mail: the visitor gets a confirmation in their language and zone,
 * from the business (its name, not the host name), with an invitation titled from their point of
 * view ("Konsultacja — Pracownia Cyfrowa") and the place the page promises (CONSULTATION_LOCATION:
 * a meeting URL or a phone call); the owner (CONTACT_EMAIL) gets a notification with an invitation
 * titled with the visitor's name. Names and phone numbers are single-line before they reach a mail.
 */
import { businessName } from '../actions/business';
import type { Locale } from '../i18n';
import { getMailProvider, singleLine } from '../providers/mail';
import type { Settings } from '../settings';
import type { StoredBooking } from './bookings-store';
import { buildInvitation } from './ics';
import { slotLabel } from './labels';
import { schedulingMessages } from './messages';

const words = {
  pl: {
    greeting: () => 'Dzień dobry,',
    confirmed: (_business: string) => 'dziękujemy za rezerwację. Potwierdzamy bezpłatną konsultację.',
    when: 'Termin',
    length: 'Czas trwania',
    minutes: (count: number) => `${count} min`,
    where: 'Gdzie',
    video: (url: string) => `rozmowa online, link do spotkania: ${url}`,
    phone: (number: string) => `rozmowa telefoniczna, zadzwonimy na numer ${number}`,
    phoneMissing: 'rozmowa telefoniczna; odpowiedz na tę wiadomość, podając numer, pod który mamy zadzwonić',
    locationVideo: (url: string) => url,
    locationPhone: (number?: string) => (number ? `Telefon: ${number}` : 'Rozmowa telefoniczna'),
    invitation: 'Zaproszenie do kalendarza jest w załączniku.',
    change: 'Jeśli chcesz zmienić termin albo odwołać spotkanie, po prostu odpowiedz na tę wiadomość.',
    closing: 'Do usłyszenia',
    notes: 'Twoje notatki',
  },
  en: {
    greeting: (firstName: string) => `Hello ${firstName},`,
    confirmed: (business: string) => `thank you for booking. Your free consultation with ${business} is confirmed.`,
    when: 'When',
    length: 'Length',
    minutes: (count: number) => `${count} minutes`,
    where: 'Where',
    video: (url: string) => `online call, meeting link: ${url}`,
    phone: (number: string) => `phone call, we will call you on ${number}`,
    phoneMissing: 'phone call; please reply with the number we should call',
    locationVideo: (url: string) => url,
    locationPhone: (number?: string) => (number ? `Phone: ${number}` : 'Phone call'),
    invitation: 'The calendar invitation is attached.',
    change: 'To change the time or cancel, simply reply to this message.',
    closing: 'Talk soon',
    notes: 'Your notes',
  },
} as const;

/** The visitor's confirmation text: greeting, what, when, where, how to change it. */
export function visitorConfirmationText(booking: StoredBooking, settings: Settings, business: string, label: string): string {
  const locale: Locale = booking.locale === 'en' ? 'en' : 'pl';
  const text = words[locale];
  const fullName = singleLine(booking.fullName);
  const phone = booking.phone ? singleLine(booking.phone) : undefined;
  const where =
    settings.CONSULTATION_LOCATION === 'phone' ? (phone ? text.phone(phone) : text.phoneMissing) : text.video(settings.CONSULTATION_LOCATION);
  const minutes = Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000);
  return [
    locale === 'pl' ? text.greeting('') : text.greeting(fullName.split(' ')[0] || fullName),
    '',
    text.confirmed(business),
    '',
    `${text.when}: ${label} (${booking.timeZone})`,
    `${text.length}: ${text.minutes(minutes)}`,
    `${text.where}: ${where}`,
    ...(booking.notes ? ['', `${text.notes}:`, booking.notes] : []),
    '',
    text.invitation,
    text.change,
    '',
    `${text.closing},`,
    business,
    settings.SITE_URL,
    '',
  ].join('\n');
}

/** The invitation's LOCATION: the meeting URL, or the phone call (with the number when given). */
function invitationLocation(booking: StoredBooking, settings: Settings, locale: Locale): string {
  const text = words[locale];
  if (settings.CONSULTATION_LOCATION !== 'phone') return text.locationVideo(settings.CONSULTATION_LOCATION);
  return text.locationPhone(booking.phone ? singleLine(booking.phone) : undefined);
}

function invitationAttachment(booking: StoredBooking, settings: Settings, summary: string, business: string, locale: Locale) {
  const ics = buildInvitation({
    uid: `${booking.id}@${new URL(settings.SITE_URL).hostname}`,
    start: booking.start,
    end: booking.end,
    summary,
    description: [booking.notes, booking.phone ? `Tel.: ${singleLine(booking.phone)}` : undefined].filter(Boolean).join('\n') || summary,
    location: invitationLocation(booking, settings, locale),
    organizer: { name: business, email: settings.CONTACT_EMAIL },
    attendee: { name: singleLine(booking.fullName), email: booking.email },
    url: settings.SITE_URL,
  });
  return { filename: 'invite.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=REQUEST' };
}

/** The visitor's confirmation, in their language and time zone. */
export async function sendVisitorConfirmation(booking: StoredBooking, settings: Settings): Promise<void> {
  const locale: Locale = booking.locale === 'en' ? 'en' : 'pl';
  const business = await businessName(locale);
  const label = slotLabel(booking, locale, booking.timeZone);
  const summary = `${schedulingMessages[locale].summary} — ${business}`;
  await getMailProvider().send({
    to: [booking.email],
    subject: schedulingMessages[locale].mailSubject(label),
    text: visitorConfirmationText(booking, settings, business, label),
    replyTo: settings.CONTACT_EMAIL,
    attachments: [invitationAttachment(booking, settings, summary, business, locale)],
  });
}

/** The owner's notification (CONTACT_EMAIL), in Polish and Warsaw time; replies go to the visitor. */
export async function sendOwnerNotification(booking: StoredBooking, settings: Settings): Promise<void> {
  const business = await businessName('pl');
  const label = slotLabel(booking, 'pl', 'Europe/Warsaw');
  const fullName = singleLine(booking.fullName);
  const phone = booking.phone ? singleLine(booking.phone) : undefined;
  await getMailProvider().send({
    to: [settings.CONTACT_EMAIL],
    subject: schedulingMessages.pl.ownerSubject(fullName, label),
    text: [
      `Termin: ${label} (Europe/Warsaw)`,
      `Osoba: ${fullName} <${booking.email}>`,
      `Telefon: ${phone ?? '—'}`,
      `Miejsce: ${invitationLocation(booking, settings, 'pl')}`,
      `Strefa czasowa osoby: ${booking.timeZone}, język: ${booking.locale}`,
      `Notatki: ${booking.notes ?? '—'}`,
      `Identyfikator: ${booking.id}`,
    ].join('\n'),
    replyTo: booking.email,
    attachments: [invitationAttachment(booking, settings, `${schedulingMessages.pl.summary}: ${fullName}`, business, 'pl')],
  });
}
