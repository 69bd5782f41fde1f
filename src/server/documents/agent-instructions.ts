/**
 * /.well-known/agent-instructions.json and .md: how an agent should use this site. One structured
 * object (pure function of the catalog and a few settings); the Markdown is rendered from it.
 */
import { paths } from '../i18n';
import { recordsOf, type Catalog } from '../catalog/records';
import { oneLine } from './format';

export interface AgentInstructionsInput {
  siteUrl: string;
  bookingUrl: string;
  oauthEnforcement: 'off' | 'write' | 'all';
  /** Requests per minute per client, by endpoint family. */
  rateLimits: { subscribe: number; unsubscribe: number; contact: number; mcp: number; ask: number; slots: number };
  /** The MCP tools, from the tool registry. */
  tools: Array<{ name: string; kind: 'read' | 'write'; purpose: string }>;
}


export function agentInstructions(catalog: Catalog, input: AgentInstructionsInput) {
  const url = (path: string) => `${input.siteUrl}${path}`;
  const en = catalog.site.en;
  return {
    name: en.name,
    summary: oneLine(en.description),
    site: url('/'),
    languages: {
      pl: { home: url(paths.home('pl')), note: 'Polish is the default language, at the root.' },
      en: { home: url(paths.home('en')), note: 'English pages live under /en/.' },
      rule: "Answer in the person's language. Every page links its translation (hreflang alternates); tools and /ask take locale \"pl\" or \"en\".",
    },
    content: {
      llmsTxt: url('/llms.txt'),
      llmsFullTxt: url('/llms-full.txt'),
      pricing: url('/pricing.md'),
      markdownTwins: 'Every article, service, pricing and company page has a Markdown twin: the page URL with ".md" (e.g. /artykuly/slug/ -> /artykuly/slug.md); pages announce it with <link rel="alternate" type="text/markdown">.',
      counts: {
        articles: { pl: recordsOf(catalog, 'article', 'pl').length, en: recordsOf(catalog, 'article', 'en').length },
        services: { pl: recordsOf(catalog, 'service', 'pl').length, en: recordsOf(catalog, 'service', 'en').length },
      },
      rss: { pl: url(paths.rss('pl')), en: url(paths.rss('en')) },
    },
    mcp: {
      endpoint: url('/mcp'),
      aliases: [url('/api/mcp'), url('/.well-known/mcp')],
      transport: 'JSON-RPC 2.0 over HTTP POST (streamable HTTP); GET describes the server as JSON, Markdown (Accept: text/markdown) or SSE.',
      serverCard: url('/.well-known/mcp/server-card.json'),
      tools: input.tools,
    },
    ask: {
      endpoint: url('/ask'),
      method: 'POST',
      note: 'Send a natural-language question (JSON); answers rank articles, services, prices, contact and consultation flows. Set prefer.streaming to true for SSE.',
    },
    rest: {
      openapi: url('/openapi.json'),
      catalog: url('/api'),
      errorFormat: url('/api/error-format'),
      endpoints: [
        { method: 'POST', path: '/api/contact', purpose: 'contact message' },
        { method: 'POST', path: '/api/subscribe', purpose: 'newsletter subscription' },
        { method: 'POST', path: '/api/newsletter/unsubscribe', purpose: 'newsletter unsubscription' },
        { method: 'GET', path: '/api/consultation/slots', purpose: 'free consultation slots or the booking link' },
        { method: 'POST', path: '/api/consultation/book', purpose: 'book a slot the person chose and confirmed' },
      ],
      errors: 'Errors are JSON ErrorResponse objects (error.code, message, hint, retryable); retry only when retryable is true.',
    },
    rateLimits: {
      unit: 'requests per minute per client IP',
      ...input.rateLimits,
      onLimit: 'HTTP 429 with Retry-After (seconds) and X-RateLimit-Limit / X-RateLimit-Remaining; wait that long before retrying.',
    },
    authentication: {
      enforcement: input.oauthEnforcement,
      note: input.oauthEnforcement === 'off'
        ? 'No token needed; endpoints are public and rate-limited.'
        : 'Write tools and endpoints need an OAuth 2.0 bearer token; the security schemes are in /openapi.json.',
    },
    booking: {
      flow: [
        'Call consultation_availability (or GET /api/consultation/slots) for free slots.',
        'Show the slots to the person; they choose one and confirm their name and e-mail.',
        'Only then call consultation_book with that slot.',
        'If no slots come back (link-only fallback), give the person the booking link instead.',
      ],
      bookingUrl: input.bookingUrl,
      consultation: { name: catalog.pricing.en.consultation.name, minutes: catalog.pricing.en.consultation.durationMinutes, priceNet: catalog.pricing.en.consultation.priceNet },
    },
    etiquette: [
      'Read the Markdown twins or llms-full.txt instead of scraping HTML.',
      'Never submit a form, subscription or booking the person did not explicitly ask for; show what you will send first.',
      'Quote prices with net and gross (23% VAT) and link the pricing page.',
      'Keep to the rate limits; cache documents (they change only when the site is rebuilt).',
      'Link to the page you used, in the person\'s language.',
    ],
    contact: { email: en.email, phone: en.phone, hours: catalog.site.pl.hours },
  };
}

export type AgentInstructions = ReturnType<typeof agentInstructions>;

export function agentInstructionsMarkdown(doc: AgentInstructions): string {
  const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');
  const limits = Object.entries(doc.rateLimits).filter(([, value]) => typeof value === 'number').map(([name, value]) => `- ${name}: ${value}`);
  return `# Instructions for AI agents: ${doc.name}

> ${doc.summary}

Site: ${doc.site}

## Languages

- Polish: ${doc.languages.pl.home} (${doc.languages.pl.note})
- English: ${doc.languages.en.home} (${doc.languages.en.note})
- ${doc.languages.rule}

## Where the content is

- ${doc.content.llmsTxt}: index of every page's Markdown twin
- ${doc.content.llmsFullTxt}: all content in one file
- ${doc.content.pricing}: prices of both languages, net and gross
- ${doc.content.markdownTwins}
- Articles: ${doc.content.counts.articles.pl} in Polish, ${doc.content.counts.articles.en} in English; services: ${doc.content.counts.services.pl} / ${doc.content.counts.services.en}. RSS: ${doc.content.rss.pl}, ${doc.content.rss.en}

## MCP server

Endpoint: ${doc.mcp.endpoint} (aliases: ${doc.mcp.aliases.join(', ')}). ${doc.mcp.transport} Server card: ${doc.mcp.serverCard}

| tool | kind | use it to |
|---|---|---|
${doc.mcp.tools.map((tool) => `| ${tool.name} | ${tool.kind} | ${tool.purpose} |`).join('\n')}

## Natural-language query

${doc.ask.method} ${doc.ask.endpoint}. ${doc.ask.note}

## REST

OpenAPI: ${doc.rest.openapi}; catalog: ${doc.rest.catalog}; error format: ${doc.rest.errorFormat}

${doc.rest.endpoints.map((endpoint) => `- ${endpoint.method} ${endpoint.path}: ${endpoint.purpose}`).join('\n')}

${doc.rest.errors}

## Rate limits (${doc.rateLimits.unit})

${limits.join('\n')}

${doc.rateLimits.onLimit}

## Authentication

OAuth enforcement: ${doc.authentication.enforcement}. ${doc.authentication.note}

## Booking a consultation

${doc.booking.flow.map((step, index) => `${index + 1}. ${step}`).join('\n')}

Booking link: ${doc.booking.bookingUrl}

## Etiquette

${list(doc.etiquette)}

## Contact

${doc.contact.email}, ${doc.contact.phone} (${doc.contact.hours})
`;
}
