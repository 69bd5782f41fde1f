/** service_inquiry_submit: a request for a service, mailed to CONTACT_EMAIL. */
import { submitInquiry } from '../submissions/inquiry';
import { ServiceInquiryInput, ServiceInquiryOutput } from '../schemas/tools';
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';
import { defineTool, toolTexts } from './tool';
import { uiResources } from './ui';

export const serviceInquirySubmit = defineTool({
  name: 'service_inquiry_submit',
  title: 'Send a service inquiry',
  role: "sending the person's inquiry about a service",
  ...toolTexts('service_inquiry_submit'),
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
    const message = fill(ui[input.locale === 'pl' ? 'pl' : 'en'].tools.service_inquiry_submit.sent, { reference });
    return { data: { ok: true as const, message, reference }, text: message };
  },
});
