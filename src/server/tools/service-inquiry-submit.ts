/** service_inquiry_submit: a request for a service, mailed to CONTACT_EMAIL. */
import { submitInquiry } from '../actions/inquiry';
import { ServiceInquiryInput, ServiceInquiryOutput } from '../schemas/tools';
import { defineTool } from './tool';
import { uiResources } from './ui';

export const serviceInquirySubmit = defineTool({
  name: 'service_inquiry_submit',
  title: 'Send a service inquiry',
  labels: { pl: 'Zapytanie o usługę', en: 'Service inquiry' },
  description:
    'Sends an inquiry about a service (website, IT support, automation, …) to the team by e-mail; we answer within one working day. ' +
    'Needs `fullName` (≥ 3 characters), `email` and `supportArea` (≥ 3 characters, what the inquiry is about); `phone` and `notes` are optional. ' +
    'Collect the details from the person and confirm them before calling. Returns a reference number to quote.',
  input: ServiceInquiryInput,
  output: ServiceInquiryOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scope: 'mcp:tools:inquiry',
  example: { fullName: 'Anna Kowalska', email: 'anna@example.org', supportArea: 'website', notes: 'A new site for our foundation, ready by March.', locale: 'en' },
  ui: { resourceUri: uiResources.serviceInquiry },
  async run(input) {
    const { reference } = await submitInquiry(input);
    const message =
      input.locale === 'pl'
        ? `Zapytanie wysłane (numer ${reference}). Odpowiemy w ciągu jednego dnia roboczego.`
        : `Inquiry sent (reference ${reference}). We will answer within one working day.`;
    return { structured: { ok: true as const, message, reference }, text: message };
  },
});
