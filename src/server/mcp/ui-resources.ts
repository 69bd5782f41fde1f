/**
 * The MCP Apps views (specification 2026-01-26): self-contained HTML5 documents with mimeType
 * `text/html;profile=mcp-app`, each declaring its CSP in `_meta.ui.csp` (empty lists: everything is
 * inline, nothing is fetched) and reached by the tools through `_meta.ui.resourceUri`.
 */
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { uiResources } from '../tools/registry';
import { consultationBookingHtml } from './ui/consultation-booking';
import { serviceInquiryHtml } from './ui/service-inquiry';

export const UI_MIME_TYPE: typeof RESOURCE_MIME_TYPE = RESOURCE_MIME_TYPE;

export interface UiResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  html: string;
  /** The tools the view calls through the host. */
  calls: string[];
  meta: { ui: { csp: { connectDomains: string[]; resourceDomains: string[] }; prefersBorder: boolean } };
}

const meta = (): UiResource['meta'] => ({ ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } });

export const uiResourceList: UiResource[] = [
  {
    uri: uiResources.serviceInquiry,
    name: 'service-inquiry',
    title: 'Service inquiry form / Formularz zapytania',
    description: 'A form in which a person sends a service inquiry (calls service_inquiry_submit). Polish and English.',
    html: serviceInquiryHtml,
    calls: ['service_inquiry_submit'],
    meta: meta(),
  },
  {
    uri: uiResources.consultationBooking,
    name: 'consultation-booking',
    title: 'Consultation booking / Rezerwacja konsultacji',
    description:
      'Lists free consultation slots, lets the person pick one and confirm, then books it (calls consultation_availability and consultation_book). Polish and English.',
    html: consultationBookingHtml,
    calls: ['consultation_availability', 'consultation_book'],
    meta: meta(),
  },
];
