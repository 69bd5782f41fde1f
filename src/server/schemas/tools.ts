/**
 * Input and output shapes of the tools in src/server/tools (one registry, used by MCP, the chat
 * and WebMCP). Where a tool takes the same arguments as a REST endpoint, the REST schema is reused.
 * Output schemas are plain objects: MCP requires `outputSchema` to be `type: "object"`.
 */
import { z } from 'zod';
import { Email, Locale } from './common';
import { BookingResult, ConsultationSlot } from './consultation';

/** Every tool answers with `ok` and a sentence a person can read. */
const Acknowledgement = z.object({
  ok: z.literal(true),
  message: z.string().describe('What happened, in the requested language.'),
});

// ---------------------------------------------------------------- articles_recommend

export const ArticlesRecommendInput = z
  .object({
    query: z.string().trim().min(1).max(200).optional().describe('What the person wants to read about, in their words.'),
    tags: z
      .array(z.string().trim().min(1).max(40))
      .max(8)
      .optional()
      .describe('Article tags to prefer (lowercase, e.g. "backup").'),
    locale: Locale,
    limit: z.number().int().min(1).max(10).default(3).describe('Most articles to return (1–10, default 3).'),
  })
  .meta({ id: 'ArticlesRecommendInput' });

export const RecommendedArticle = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.url().describe('The article page.'),
  markdownUrl: z.url().describe('The same article as Markdown.'),
  tags: z.array(z.string()),
  published: z.iso.date().optional(),
  score: z.number().min(0).max(1).describe('Relevance to the query, 0–1 (1 when no query was given).'),
});

export const ArticlesRecommendOutput = z
  .object({
    locale: z.enum(['pl', 'en']),
    query: z.string().optional(),
    articles: z.array(RecommendedArticle),
  })
  .meta({ id: 'ArticlesRecommendOutput' });

// ---------------------------------------------------------------- services_list

export const ServicesListInput = z.object({ locale: Locale }).meta({ id: 'ServicesListInput' });

export const ServiceSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.url(),
  duration: z.string().describe('Typical duration in words.'),
  priceFromNet: z.number().optional().describe('Lowest net price in PLN, when the service has one.'),
  deliverables: z.array(z.string()),
  tags: z.array(z.string()),
});

export const ServicesListOutput = z
  .object({ locale: z.enum(['pl', 'en']), services: z.array(ServiceSummary) })
  .meta({ id: 'ServicesListOutput' });

// ---------------------------------------------------------------- case_studies_list, case_study_get

const CaseStudySector = z.enum(['ngo', 'business', 'education']).describe('ngo: foundations and associations; business: small companies; education: schools.');

export const CaseStudiesListInput = z
  .object({
    locale: Locale,
    service: z.string().trim().min(1).max(80).optional().describe('Only cases that used this service: its slug in the asked language (as services_list returns it) or its key in either.'),
    sector: CaseStudySector.optional(),
  })
  .meta({ id: 'CaseStudiesListInput' });

const CaseStudyResult = z.object({ figure: z.string().describe('The figure as the page shows it, e.g. "6 h → 40 min".'), label: z.string().describe('What the figure measures.') });
const CaseStudyService = z.object({ slug: z.string(), title: z.string(), url: z.url() });

export const CaseStudySummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.url().describe('The case study page.'),
  markdownUrl: z.url().describe('The same case study as Markdown.'),
  client: z.object({ type: z.string(), size: z.string(), sector: CaseStudySector }),
  results: z.array(CaseStudyResult),
  services: z.array(CaseStudyService).describe('The services used, each with its page.'),
  published: z.iso.date(),
});

export const CaseStudiesListOutput = z
  .object({ locale: z.enum(['pl', 'en']), caseStudies: z.array(CaseStudySummary) })
  .meta({ id: 'CaseStudiesListOutput' });

export const CaseStudyGetInput = z
  .object({ locale: Locale, slug: z.string().trim().min(1).max(120).describe('The case study\'s slug, as case_studies_list returns it.') })
  .meta({ id: 'CaseStudyGetInput' });

export const CaseStudyGetOutput = z
  .object({
    locale: z.enum(['pl', 'en']),
    caseStudy: CaseStudySummary.extend({
      problem: z.string(),
      work: z.array(z.string()).describe('What was done, in order.'),
      quote: z.object({ text: z.string(), author: z.string(), role: z.string() }),
      images: z.array(z.object({ url: z.url(), alt: z.string(), width: z.number().int(), height: z.number().int() })),
      body: z.string().describe('The story as Markdown.'),
    }),
  })
  .meta({ id: 'CaseStudyGetOutput' });

// ---------------------------------------------------------------- pricing_get

export const PricingGetInput = z.object({ locale: Locale }).meta({ id: 'PricingGetInput' });

export const PricingItem = z.object({
  id: z.string(),
  section: z.string(),
  name: z.string(),
  summary: z.string(),
  net: z.number().describe('Net price in PLN.'),
  gross: z.number().describe('Gross price in PLN (net + VAT).'),
  billing: z.enum(['one_time', 'monthly', 'hourly']),
  from: z.boolean().describe('True when the price is a starting price.'),
  features: z.array(z.string()),
});

export const PricingGetOutput = z
  .object({
    locale: z.enum(['pl', 'en']),
    currency: z.literal('PLN'),
    vatRate: z.number(),
    items: z.array(PricingItem),
    consultation: z.object({
      name: z.string(),
      summary: z.string(),
      priceNet: z.number(),
      durationMinutes: z.number().int(),
      bookingUrl: z.url().describe('Public booking link.'),
    }),
    pricingUrl: z.url(),
    markdownUrl: z.url(),
  })
  .meta({ id: 'PricingGetOutput' });

// ---------------------------------------------------------------- contact_submit

/** contact_submit takes the ContactRequest of POST /api/contact (name, email, message required). */
export { ContactRequest as ContactSubmitInput } from './contact';
export const ContactSubmitOutput = Acknowledgement.meta({ id: 'ContactSubmitOutput' });

// ---------------------------------------------------------------- service_inquiry_submit

export const ServiceInquiryInput = z
  .object({
    fullName: z.string().trim().min(3).max(200).describe('Full name (at least 3 characters).'),
    email: Email.describe('Where we answer.'),
    phone: z.string().trim().max(40).optional().describe('Phone number, if the person prefers a call.'),
    supportArea: z
      .string()
      .trim()
      .min(3)
      .max(200)
      .describe('What the inquiry is about, e.g. "website", "IT support", "automation" (at least 3 characters).'),
    notes: z.string().trim().max(5000).optional().describe('Details: goals, deadline, budget, current tools.'),
    locale: Locale,
  })
  .meta({ id: 'ServiceInquiryInput' });
export type ServiceInquiryInput = z.output<typeof ServiceInquiryInput>;

export const ServiceInquiryOutput = Acknowledgement.extend({
  reference: z.string().describe('Reference of the inquiry, quoted in our answer.'),
}).meta({ id: 'ServiceInquiryOutput' });

// ---------------------------------------------------------------- consultation_availability

/** consultation_availability takes the query of GET /api/consultation/slots. */
export { SlotsQuery as ConsultationAvailabilityInput, ConsultationSlotsResponse as ConsultationAvailabilityOutput } from './consultation';

// ---------------------------------------------------------------- consultation_book

/** consultation_book takes ConsultationBookInput. */
export { ConsultationBookInput } from './consultation';

const [booked, unavailable] = BookingResult.options;

/**
 * BookingResult as one object (MCP wants `type: "object"` at the top): `mode` says which fields
 * are present. `slot_unavailable` comes back as a tool error carrying `alternatives`.
 */
export const ConsultationBookOutput = z
  .object({
    ok: z.boolean(),
    mode: z.enum(['booked', 'slot_unavailable', 'link_only']),
    bookingUrl: z.url().describe('Public booking link (always present: the fallback when online booking is off).'),
    message: z.string(),
    booking: booked.shape.booking.optional().describe('Present when mode is "booked".'),
    reason: unavailable.shape.reason.optional().describe('Present when mode is "slot_unavailable".'),
    retryable: z.boolean().optional(),
    alternatives: z.array(ConsultationSlot).optional().describe('Free slots near the asked one (mode "slot_unavailable").'),
  })
  .meta({ id: 'ConsultationBookOutput' });

// ---------------------------------------------------------------- newsletter

/** The newsletter tools take the bodies of POST /api/subscribe and POST /api/newsletter/unsubscribe. */
export { SubscribeRequest as NewsletterSubscribeInput, UnsubscribeRequest as NewsletterUnsubscribeInput } from './newsletter';
export const NewsletterSubscribeOutput = Acknowledgement.meta({ id: 'NewsletterSubscribeOutput' });
export const NewsletterUnsubscribeOutput = Acknowledgement.meta({ id: 'NewsletterUnsubscribeOutput' });
