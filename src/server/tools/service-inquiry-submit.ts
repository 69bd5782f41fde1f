/** service_inquiry_submit: a request for a service, mailed to CONTACT_EMAIL. */
import { submitInquiry } from '../submissions/inquiry';
import { ServiceInquiryInput, ServiceInquiryOutput } from '../schemas/tools';
import { defineTool } from './tool';
import { uiResources } from './ui';

export const serviceInquirySubmit = defineTool({
  name: 'service_inquiry_submit',
  title: 'Send a service inquiry',
  role: "sending the person's inquiry about a service",
  labels: { pl: 'Zapytanie o usługę', en: 'Service inquiry' },
  descriptions: {
    en:
      'Sends an inquiry about a service (website, IT support, automation, …) to the team by e-mail; we answer within one working day. ' +
      'Needs `fullName` (≥ 3 characters), `email` and `supportArea` (≥ 3 characters, what the inquiry is about); `phone` and `notes` are optional. ' +
      'Collect the details from the person and confirm them before calling. Returns a reference number to quote.',
    pl:
      'Wysyła zespołowi e-mailem zapytanie o usługę (strona internetowa, wsparcie IT, automatyzacja, …); odpowiadamy w ciągu jednego dnia roboczego. ' +
      'Wymaga `fullName` (co najmniej 3 znaki), `email` i `supportArea` (co najmniej 3 znaki: czego dotyczy zapytanie); `phone` i `notes` są opcjonalne. ' +
      'Zbierz dane od rozmówcy i potwierdź je przed wywołaniem. Zwraca numer zgłoszenia, na który można się powołać.',
  },
  input: ServiceInquiryInput,
  output: ServiceInquiryOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  needsApproval: true,
  budget: 'contact',
  scope: 'mcp:tools:inquiry',
  example: { fullName: 'Anna Kowalska', email: 'anna@example.org', supportArea: 'website', notes: 'A new site for our foundation, ready by March.', locale: 'en' },
  ui: { resourceUri: uiResources.serviceInquiry },
  async run(input) {
    const { reference } = await submitInquiry(input);
    const message =
      input.locale === 'pl'
        ? `Zapytanie wysłane (numer ${reference}). Odpowiemy w ciągu jednego dnia roboczego.`
        : `Inquiry sent (reference ${reference}). We will answer within one working day.`;
    return { data: { ok: true as const, message, reference }, text: message };
  },
});
