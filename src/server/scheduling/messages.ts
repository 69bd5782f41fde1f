/** What the scheduling module says to people, in both languages. */
import type { Locale } from '../i18n';

export const schedulingMessages = {
  pl: {
    linkOnly: (url: string) => `Wolne terminy nie są teraz dostępne online; umów konsultację przez link: ${url}`,
    lookupFailed: 'Nie udało się pobrać wolnych terminów; umów konsultację przez link.',
    booked: (when: string, where: string) => `Konsultacja zarezerwowana: ${when}. ${where} Potwierdzenie z zaproszeniem do kalendarza wysłaliśmy e-mailem.`,
    bookedCalcom: (when: string) => `Konsultacja zarezerwowana: ${when}. Potwierdzenie z miejscem spotkania przyjdzie e-mailem.`,
    bookedWithoutMail: (when: string, where: string) => `Konsultacja zarezerwowana: ${when}. ${where} Nie udało się wysłać potwierdzenia e-mailem; odezwiemy się do Ciebie.`,
    /** Where the consultation takes place (CONSULTATION_LOCATION), said once in the booking's answer. */
    whereVideo: (url: string) => `Rozmawiamy online: link do spotkania (${url}) jest też w zaproszeniu.`,
    whereAddress: (address: string) => `Spotykamy się osobiście pod adresem: ${address} (adres jest też w zaproszeniu).`,
    wherePhone: 'Zadzwonimy na numer podany w formularzu.',
    wherePhoneMissing: 'Zadzwonimy do Ciebie: odpowiedz na e-mail z potwierdzeniem, podając numer telefonu.',
    taken: 'Ten termin został już zarezerwowany. Wybierz inny z podanych wolnych terminów.',
    past: 'Ten termin już minął albo jest za blisko, by go zarezerwować. Wybierz jeden z podanych wolnych terminów.',
    notASlot: 'Ta godzina nie jest terminem konsultacji. Wybierz jeden z terminów zwróconych przez wyszukiwanie wolnych terminów.',
    mailSubject: (label: string) => `Potwierdzenie konsultacji: ${label}`,
    ownerSubject: (name: string, label: string) => `Nowa konsultacja: ${name}, ${label}`,
    summary: 'Konsultacja',
  },
  en: {
    linkOnly: (url: string) => `Free slots are not available online right now; book the consultation through the link: ${url}`,
    lookupFailed: 'The free slots could not be loaded; book the consultation through the link.',
    booked: (when: string, where: string) => `Consultation booked: ${when}. ${where} We sent a confirmation with a calendar invitation by e-mail.`,
    bookedCalcom: (when: string) => `Consultation booked: ${when}. The confirmation, with where we meet, will arrive by e-mail.`,
    bookedWithoutMail: (when: string, where: string) => `Consultation booked: ${when}. ${where} The confirmation e-mail could not be sent; we will get in touch.`,
    whereVideo: (url: string) => `We meet online: the meeting link (${url}) is also in the invitation.`,
    whereAddress: (address: string) => `We meet in person at ${address} (the address is also in the invitation).`,
    wherePhone: 'We will call the number you gave in the form.',
    wherePhoneMissing: 'We will call you: reply to the confirmation e-mail with your phone number.',
    taken: 'This slot has just been booked by someone else. Pick another of the free slots listed.',
    past: 'This slot is in the past or too close to book. Pick one of the free slots listed.',
    notASlot: 'This time is not a consultation slot. Pick one of the slots returned by the availability lookup.',
    mailSubject: (label: string) => `Consultation confirmed: ${label}`,
    ownerSubject: (name: string, label: string) => `New consultation: ${name}, ${label}`,
    summary: 'Consultation',
  },
} as const satisfies Record<Locale, unknown>;
