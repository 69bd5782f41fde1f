/** What the scheduling module says to people, in both languages. */
import type { Locale } from '../i18n';

export const schedulingMessages = {
  pl: {
    linkOnly: (url: string) => `Wolne terminy nie są teraz dostępne online; umów konsultację przez link: ${url}`,
    lookupFailed: 'Nie udało się pobrać wolnych terminów; umów konsultację przez link.',
    booked: (label: string) => `Konsultacja zarezerwowana: ${label}. Potwierdzenie z zaproszeniem do kalendarza wysłaliśmy e-mailem.`,
    bookedCalcom: (label: string) => `Konsultacja zarezerwowana: ${label}. Potwierdzenie przyjdzie e-mailem.`,
    bookedWithoutMail: (label: string) => `Konsultacja zarezerwowana: ${label}. Nie udało się wysłać potwierdzenia e-mailem; odezwiemy się do Ciebie.`,
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
    booked: (label: string) => `Consultation booked: ${label}. We sent a confirmation with a calendar invitation by e-mail.`,
    bookedCalcom: (label: string) => `Consultation booked: ${label}. The confirmation will arrive by e-mail.`,
    bookedWithoutMail: (label: string) => `Consultation booked: ${label}. The confirmation e-mail could not be sent; we will get in touch.`,
    taken: 'This slot has just been booked by someone else. Pick another of the free slots listed.',
    past: 'This slot is in the past or too close to book. Pick one of the free slots listed.',
    notASlot: 'This time is not a consultation slot. Pick one of the slots returned by the availability lookup.',
    mailSubject: (label: string) => `Consultation confirmed: ${label}`,
    ownerSubject: (name: string, label: string) => `New consultation: ${name}, ${label}`,
    summary: 'Consultation',
  },
} as const satisfies Record<Locale, unknown>;
