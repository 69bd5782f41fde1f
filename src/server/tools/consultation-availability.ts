/** consultation_availability: free consultation slots, or the booking link when online lookup is off. */
import { findSlots } from '../scheduling';
import { ConsultationAvailabilityInput, ConsultationAvailabilityOutput } from '../schemas/tools';
import { defineTool } from './tool';
import { uiResources } from './ui';

export const consultationAvailability = defineTool({
  name: 'consultation_availability',
  title: 'Find consultation slots',
  role: 'free consultation times',
  labels: { pl: 'Wolne terminy konsultacji', en: 'Consultation slots' },
  descriptions: {
    en:
      'Step 1 of booking a free 30-minute consultation. Lists free slots (`start`, `label`, `date`) in a window: optional `timeZone` ' +
      '(IANA, default Europe/Warsaw), `start`/`end` dates (YYYY-MM-DD, default the next 14 days), `limit` (1–30, default 12), `locale`. ' +
      'Show the slots to the person, let them pick one and confirm their name and e-mail, then call consultation_book with that slot\'s `start`. ' +
      'When `mode` is "link_only" there are no slots online: give the person `bookingUrl` instead. Read-only.',
    pl:
      'Krok 1 rezerwacji bezpłatnej, 30-minutowej konsultacji. Zwraca wolne terminy (`start`, `label`, `date`) w wybranym przedziale: opcjonalnie `timeZone` ' +
      '(strefa IANA, domyślnie Europe/Warsaw), `start`/`end` (daty RRRR-MM-DD, domyślnie najbliższe 14 dni), `limit` (1–30, domyślnie 12) i `locale`. ' +
      'Pokaż terminy rozmówcy, pozwól mu wybrać jeden i potwierdzić imię i nazwisko oraz e-mail, a potem wywołaj consultation_book ze `start` wybranego terminu. ' +
      'Gdy `mode` ma wartość "link_only", terminów online nie ma: podaj rozmówcy `bookingUrl`. Tylko odczyt.',
  },
  input: ConsultationAvailabilityInput,
  output: ConsultationAvailabilityOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  needsApproval: false,
  budget: 'slots',
  scope: 'mcp:read',
  example: { timeZone: 'Europe/Warsaw', limit: 5, locale: 'en' },
  ui: { resourceUri: uiResources.consultationBooking },
  async run(input) {
    const result = await findSlots(input);
    const slots = result.slots ?? [];
    let text: string;
    if (result.mode === 'link_only' || slots.length === 0) {
      text =
        input.locale === 'pl'
          ? `Brak wolnych terminów online. Umów konsultację przez link: ${result.bookingUrl ?? ''}`
          : `No slots are available online. Book the consultation through the link: ${result.bookingUrl ?? ''}`;
    } else {
      text = [
        input.locale === 'pl' ? `Wolne terminy (${result.timeZone}):` : `Free slots (${result.timeZone}):`,
        ...slots.map((slot) => `- ${slot.label} (start: ${slot.start})`),
      ].join('\n');
    }
    return { data: result, text };
  },
});
