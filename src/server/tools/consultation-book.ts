/** consultation_book: books a slot that consultation_availability returned. */
import { bookConsultation } from '../scheduling';
import { ConsultationBookInput, ConsultationBookOutput } from '../schemas/tools';
import { defineTool } from './tool';
import { uiResources } from './ui';

export const consultationBook = defineTool({
  name: 'consultation_book',
  title: 'Book a consultation',
  role: 'booking the consultation slot the person chose',
  labels: { pl: 'Rezerwacja konsultacji', en: 'Consultation booking' },
  descriptions: {
    en:
      'Step 2 of booking: books the slot the person picked from consultation_availability and confirmed. Needs `fullName` (≥ 3 characters), ' +
      '`email`, `timeZone` (IANA) and `start` (the slot\'s `start`, ISO 8601 date-time); `phone`, `notes`, `locale` are optional. ' +
      'Never invent a slot. Outcomes (`mode`): "booked" (confirmation mailed), "slot_unavailable" (a tool error listing `alternatives`: ' +
      'offer them and ask again), "link_only" (online booking is off: give the person `bookingUrl`). ' +
      'An address (or client) that already holds the allowed number of upcoming consultations gets the tool error booking_limit_reached: do not retry.',
    pl:
      'Krok 2 rezerwacji: rezerwuje termin, który rozmówca wybrał z wyników consultation_availability i potwierdził. Wymaga `fullName` (co najmniej 3 znaki), ' +
      '`email`, `timeZone` (strefa IANA) i `start` (`start` wybranego terminu, data i godzina w ISO 8601); `phone`, `notes` i `locale` są opcjonalne. ' +
      'Nigdy nie wymyślaj terminu. Wyniki (`mode`): "booked" (potwierdzenie wysłane e-mailem), "slot_unavailable" (błąd narzędzia z listą `alternatives`: ' +
      'zaproponuj je i zapytaj ponownie), "link_only" (rezerwacja online jest wyłączona: podaj rozmówcy `bookingUrl`). ' +
      'Adres (lub klient), który ma już dozwoloną liczbę nadchodzących konsultacji, dostaje błąd narzędzia booking_limit_reached: nie ponawiaj.',
  },
  input: ConsultationBookInput,
  output: ConsultationBookOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  needsApproval: true,
  budget: 'booking',
  scope: 'mcp:tools:booking',
  example: { fullName: 'Anna Kowalska', email: 'anna@example.org', timeZone: 'Europe/Warsaw', start: '2026-12-01T10:00:00+01:00', locale: 'en' },
  ui: { resourceUri: uiResources.consultationBooking },
  async run(input, context) {
    // A call with no client behind it shares one budget with all such calls rather than having none.
    const result = await bookConsultation(input, context.caller ?? { ipKey: 'no-client' });
    switch (result.mode) {
      case 'booked':
        return { data: result, text: `${result.message} [start ${result.booking.start}, ${result.booking.timeZone}]` };
      case 'slot_unavailable': {
        const options = result.alternatives.map((slot) => `- ${slot.label} (start: ${slot.start})`).join('\n');
        return { data: result, text: `${result.message}${options ? `\n${options}` : ''}`, isError: true };
      }
      case 'link_only':
        return { data: result, text: result.message };
    }
  },
});
