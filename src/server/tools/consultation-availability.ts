/** consultation_availability: free consultation slots, or the booking link when online lookup is off. */
import { findSlots } from '../scheduling';
import { ConsultationAvailabilityInput, ConsultationAvailabilityOutput } from '../schemas/tools';
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';
import { defineTool, toolTexts } from './tool';
import { uiResources } from './ui';

export const consultationAvailability = defineTool({
  name: 'consultation_availability',
  title: 'Find consultation slots',
  role: 'free consultation times',
  ...toolTexts('consultation_availability'),
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
    const t = ui[input.locale === 'pl' ? 'pl' : 'en'].tools.consultation_availability;
    let text: string;
    if (result.mode === 'link_only' || slots.length === 0) {
      text = fill(t.linkOnly, { url: result.bookingUrl ?? '' });
    } else {
      text = [
        fill(t.slots, { timeZone: result.timeZone ?? '' }),
        ...slots.map((slot) => `- ${slot.label} (start: ${slot.start})`),
      ].join('\n');
    }
    return { data: result, text };
  },
});
