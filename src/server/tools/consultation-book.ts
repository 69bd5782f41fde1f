/** consultation_book: books a slot that consultation_availability returned. */
import { bookConsultation } from '../scheduling';
import { ConsultationBookInput, ConsultationBookOutput } from '../schemas/tools';
import { defineTool, toolTexts } from './tool';
import { uiResources } from './ui';

export const consultationBook = defineTool({
  name: 'consultation_book',
  title: 'Book a consultation',
  role: 'booking the consultation slot the person chose',
  ...toolTexts('consultation_book'),
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
