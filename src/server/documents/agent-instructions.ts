/**
 * /.well-known/agent-instructions.json and .md: how an agent should use this site. One structured
 * object (pure function of the catalog and a few settings); the Markdown is rendered from it.
 */
import { operations } from '../api-docs/index';
import { paths, routePaths } from '../base/urls';
import { recordsOf, type Catalog } from '../catalog/records';
import { type RateLimitFamily } from '../http/route-table';
import { BOOKING_FLOW } from '../scheduling/booking-flow';
import { enforcementSummary, tokenHowTo, type OAuthClientLimits } from '../oauth/documentation';
import { oneLine } from './format';

/** The REST endpoints an agent acts through: documented, counted, and not MCP or /ask (described on their own). */
const restEndpoints = operations
  .filter((operation) => operation.method !== 'OPTIONS' && operation.rateLimit && operation.rateLimit !== 'mcp' && operation.rateLimit !== 'ask' && operation.rateLimit !== 'oauth')
  .map((operation) => ({ method: operation.method, path: operation.path, purpose: operation.summary, ...(operation.scopes.length ? { scopes: operation.scopes } : {}) }));

/** The question endpoints (the ask family of the route table): POST and GET /ask, and A2A at /a2a. */
const askEndpoints = operations
  .filter((operation) => operation.rateLimit === 'ask' && operation.method !== 'OPTIONS' && operation.method !== 'HEAD')
  .map((operation) => ({ method: operation.method, path: operation.path, purpose: operation.summary }));

export interface AgentInstructionsInput {
  siteUrl: string;
  bookingUrl: string;
  oauthEnforcement: 'off' | 'write' | 'all';
  /** OAUTH_REGISTRATIONS_PER_HOUR, OAUTH_CODES_PER_HOUR, OAUTH_UNUSED_CLIENT_SECONDS. */
  oauthLimits: OAuthClientLimits;
  /** Requests per minute per client, by endpoint family. */
  rateLimits: Partial<Record<RateLimitFamily, number>>;
  /** The MCP tools, from the tool registry. */
  tools: Array<{ name: string; kind: 'read' | 'write'; purpose: string }>;
}


export function agentInstructions(catalog: Catalog, input: AgentInstructionsInput) {
  const url = (path: string) => `${input.siteUrl}${path}`;
  const en = catalog.site.en;
  return {
    name: en.name,
    summary: oneLine(en.description),
    site: url(routePaths.home),
    languages: {
      pl: { home: url(paths.home('pl')), note: 'Polish is the default language, at the root.' },
      en: { home: url(paths.home('en')), note: 'English pages live under /en/.' },
      rule: "Answer in the person's language. Every page links its translation (hreflang alternates); tools and /ask take locale \"pl\" or \"en\".",
    },
    content: {
      llmsTxt: url(routePaths.llms),
      llmsFullTxt: url(routePaths.llmsFull),
      pricing: url(routePaths.pricingMd),
      markdownTwins: 'Every article, service, pricing and company page has a Markdown twin: the page URL with ".md" (e.g. /artykuly/slug/ -> /artykuly/slug.md); pages announce it with <link rel="alternate" type="text/markdown">.',
      counts: {
        articles: { pl: recordsOf(catalog, 'article', 'pl').length, en: recordsOf(catalog, 'article', 'en').length },
        services: { pl: recordsOf(catalog, 'service', 'pl').length, en: recordsOf(catalog, 'service', 'en').length },
      },
      rss: { pl: url(paths.rss('pl')), en: url(paths.rss('en')) },
    },
    mcp: {
      endpoint: url(routePaths.mcp),
      aliases: [url(routePaths.mcpLegacy), url(routePaths.mcpWellKnown)],
      transport: 'JSON-RPC 2.0 over HTTP POST (streamable HTTP); GET describes the server as JSON, Markdown (Accept: text/markdown) or SSE.',
      serverCard: url(routePaths.wellKnownServerCardJson),
      tools: input.tools,
    },
    webmcp: {
      definitions: url(routePaths.webMcpTools),
      note: `Inside a page, browsers with WebMCP get the same ${input.tools.length} tools through document.modelContext (MCP's input schemas, descriptions in the page's language). Calls go to the MCP endpoint; tools that change something ask the person to confirm first. On an article or service page the tools default to it (related articles, an inquiry about that service).`,
    },
    ask: {
      endpoint: url(routePaths.ask),
      endpoints: askEndpoints.map((endpoint) => ({ ...endpoint, url: url(endpoint.path) })),
      agentCard: url(routePaths.agentCard),
      note:
        'Send a natural-language question: POST a JSON body, or GET /ask?query=… (GET /ask without a query says how to ask). Answers rank articles, services, prices, contact and consultation flows. ' +
        'Set prefer.streaming (POST) or streaming=true (GET) for SSE. A2A agents send the question to /a2a (message/send or message/stream) and get the same results. With prefer.mode "conversational" the website chat\'s short grounded answer comes first (type "chat") when the chat is available.',
    },
    chat: {
      endpoint: url(routePaths.chat),
      status: url(routePaths.chatStatus),
      note: 'The website chat assistant for people on the site: POST the AI SDK chat request (messages as UI messages, locale) and read the AI SDK UI message stream. It uses the same tools as MCP; write tools stop at an approval request that the person confirms. Agents acting for someone should prefer the MCP tools. GET the status first: the chat may be switched off, not configured or at its daily cap.',
    },
    rest: {
      openapi: url(routePaths.openapi),
      catalog: url(routePaths.apiCatalog),
      errorFormat: url(routePaths.errorFormat),
      endpoints: restEndpoints,
      errors: 'Errors are JSON ErrorResponse objects (error.code, message, hint, retryable); retry only when retryable is true.',
    },
    rateLimits: {
      unit: 'requests per minute per client IP (and per client_id as well with a valid bearer token: a token never widens a budget); a tool that performs an action spends that action\'s family too (contact_submit: contact, consultation_book: booking, …)',
      ...input.rateLimits,
      onLimit: 'HTTP 429 with Retry-After (seconds) and X-RateLimit-Limit / X-RateLimit-Remaining; wait that long before retrying.',
    },
    authentication: {
      enforcement: input.oauthEnforcement,
      note: enforcementSummary(input.oauthEnforcement),
      authorizationServer: url(routePaths.authorizationServer),
      protectedResource: url(routePaths.protectedResource),
      howTo: tokenHowTo(input.oauthEnforcement, input.oauthLimits),
    },
    booking: {
      flow: BOOKING_FLOW,
      bookingUrl: input.bookingUrl,
      consultation: { name: catalog.pricing.en.consultation.name, minutes: catalog.pricing.en.consultation.durationMinutes, priceNet: catalog.pricing.en.consultation.priceNet },
    },
    etiquette: [
      'Read the Markdown twins or llms-full.txt instead of scraping HTML.',
      'Never submit a form, subscription or booking the person did not explicitly ask for; show what you will send first.',
      'Send JSON to the REST endpoints (or use the MCP tools): no anti-spam fields are needed there; the form-encoded path with its proof of work is for the site\'s own forms in a browser.',
      'A newsletter subscription is only pending until the person follows the link mailed to them: tell them to check their inbox.',
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

${doc.mcp.tools.length} tools:

| tool | kind | use it to |
|---|---|---|
${doc.mcp.tools.map((tool) => `| ${tool.name} | ${tool.kind} | ${tool.purpose} |`).join('\n')}

## In the browser (WebMCP)

${doc.webmcp.note} Definitions: ${doc.webmcp.definitions}

## Natural-language query

${doc.ask.endpoints.map((endpoint) => `- ${endpoint.method} ${endpoint.url}: ${endpoint.purpose}`).join('\n')}

${doc.ask.note} A2A agent card: ${doc.ask.agentCard}

## Website chat

POST ${doc.chat.endpoint} (status: GET ${doc.chat.status}). ${doc.chat.note}

## REST

OpenAPI: ${doc.rest.openapi}; catalog: ${doc.rest.catalog}; error format: ${doc.rest.errorFormat}

${doc.rest.endpoints.map((endpoint) => `- ${endpoint.method} ${endpoint.path}: ${endpoint.purpose}`).join('\n')}

${doc.rest.errors}

## Rate limits (${doc.rateLimits.unit})

${limits.join('\n')}

${doc.rateLimits.onLimit}

## Authentication

OAuth enforcement: ${doc.authentication.enforcement}. ${doc.authentication.note}

${doc.authentication.howTo} Metadata: ${doc.authentication.authorizationServer}, ${doc.authentication.protectedResource}.

## Booking a consultation

${doc.booking.flow.map((step, index) => `${index + 1}. ${step}`).join('\n')}

Booking link: ${doc.booking.bookingUrl}

## Etiquette

${list(doc.etiquette)}

## Contact

${doc.contact.email}, ${doc.contact.phone} (${doc.contact.hours})
`;
}
