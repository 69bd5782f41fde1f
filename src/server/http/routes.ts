/**
 * The one route table: every page and endpoint file under `src/pages` has one entry here, with its
 * path pattern (Astro's own syntax), methods, rate-limit family, CORS, and per operation its scope,
 * the OAUTH_ENFORCEMENT level from which a token is needed, whether it writes, and its documentation.
 * The middleware looks routes up here (`routeFor`); /openapi.json, GET /api, the agent instructions
 * and /llms.txt are generated from it; tests/unit/routes.test.ts holds it against `src/pages`.
 */
import * as a2aDocs from '../api-docs/a2a';
import * as askDocs from '../api-docs/ask';
import * as catalogDocs from '../api-docs/catalogs';
import * as chatDocs from '../api-docs/chat';
import * as consultationDocs from '../api-docs/consultation';
import * as mailLinkDocs from '../api-docs/mail-links';
import * as mcpDocs from '../api-docs/mcp';
import * as oauthDocs from '../api-docs/oauth';
import type { OperationDoc } from '../api-docs/operation';
import { preflightDoc } from '../api-docs/responses';
import * as restDocs from '../api-docs/rest';
import type { Scope } from '../scopes';

export type RateLimitFamily = 'subscribe' | 'unsubscribe' | 'contact' | 'mcp' | 'ask' | 'slots' | 'booking' | 'chat' | 'oauth';
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'OPTIONS';

/**
 * From which OAUTH_ENFORCEMENT level a bearer token is required: `write` (under write and all),
 * `all` (only under all), `per-tool` (POST /mcp: the MCP handler checks each tool's scope).
 * Absent: never (public only).
 */
export type TokenLevel = 'write' | 'all' | 'per-tool';

export interface RouteOperation {
  method: HttpMethod;
  /** Changes something (sends mail, books, subscribes, issues a token); false for reads and preflights. */
  writes: boolean;
  /** Scopes a token may carry for this operation (any one suffices; per tool for POST /mcp). */
  scope?: Scope[];
  token?: TokenLevel;
  /** The OpenAPI operation; a function of the path for operations shared by several routes (aliases, preflights). */
  doc?: OperationDoc | ((path: string) => OperationDoc);
}

export interface Route {
  /** Astro route pattern: `/api/contact`, `/mcp/[...rest]`, `/[...twin].md`. No trailing slash. */
  path: string;
  family?: RateLimitFamily;
  /** Answer preflights and add Access-Control-* headers. */
  cors: boolean;
  /** Part of the JSON API: errors here are ErrorResponse-shaped (never an HTML page). */
  api: boolean;
  operations: RouteOperation[];
  /** A line in /llms.txt (section "API and agents" or "Optional"); `href` when the URL is not the path. */
  llms?: { section: 'api' | 'optional'; title: string; note: string; href?: string };
}

/** Every path the code names, once. Other modules build URLs from these. */
export const routePaths = {
  home: '/',
  homeEn: '/en',
  notFound: '/404',
  status: '/status',
  statusEn: '/en/status',
  pages: '/[...path]',
  twins: '/[...twin].md',
  pricingMd: '/pricing.md',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  rss: '/rss.xml',
  rssEn: '/en/rss.xml',
  robots: '/robots.txt',
  manifest: '/manifest.webmanifest',
  socialImages: '/og/[...image].png',
  icon192: '/icon-192.png',
  icon512: '/icon-512.png',
  appleTouchIcon: '/apple-touch-icon.png',
  webMcpScript: '/webmcp.js',
  webMcpTools: '/webmcp/tools.json',
  agentInstructionsMd: '/.well-known/agent-instructions.md',
  agentInstructionsJson: '/.well-known/agent-instructions.json',
  agentCard: '/.well-known/agent-card.json',
  agentJson: '/.well-known/agent.json',
  aiPlugin: '/.well-known/ai-plugin.json',
  mcp: '/mcp',
  mcpLegacy: '/api/mcp',
  mcpWellKnown: '/.well-known/mcp',
  mcpOther: '/mcp/[...rest]',
  mcpServerCard: '/mcp/server-card',
  wellKnownMcpOther: '/.well-known/mcp/[...rest]',
  wellKnownServerCardJson: '/.well-known/mcp/server-card.json',
  wellKnownServerCard: '/.well-known/mcp/server-card',
  mcpManifest: '/.well-known/mcp/manifest.json',
  mcpConnectors: '/.well-known/mcp/connectors.json',
  ask: '/ask',
  a2a: '/a2a',
  apiCatalog: '/api',
  errorFormat: '/api/error-format',
  apiOther: '/api/[...path]',
  openapi: '/openapi.json',
  subscribe: '/api/subscribe',
  unsubscribe: '/api/newsletter/unsubscribe',
  contact: '/api/contact',
  formChallenge: '/api/forms/challenge',
  newsletterConfirm: '/newsletter/potwierdz',
  newsletterConfirmEn: '/en/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/wypisz',
  newsletterUnsubscribeEn: '/en/newsletter/unsubscribe',
  consultationCancel: '/konsultacja/odwolaj',
  consultationCancelEn: '/en/consultation/cancel',
  slots: '/api/consultation/slots',
  book: '/api/consultation/book',
  chat: '/api/chat',
  chatStatus: '/api/chat/status',
  authorizationServer: '/.well-known/oauth-authorization-server',
  protectedResource: '/.well-known/oauth-protected-resource',
  protectedResourceSuffixed: '/.well-known/oauth-protected-resource/[...resource]',
  jwks: '/.well-known/jwks.json',
  authorize: '/.well-known/oauth2/authorize',
  token: '/.well-known/oauth2/token',
  register: '/.well-known/oauth2/register',
  revoke: '/.well-known/oauth2/revoke',
} as const;

const p = routePaths;
const get = (doc?: RouteOperation['doc']): RouteOperation => ({ method: 'GET', writes: false, ...(doc ? { doc } : {}) });
/** HEAD, declared where a GET is a cacheable document (a client may ask for its length and ETag). */
const head: RouteOperation = { method: 'HEAD', writes: false };
const options = (doc?: RouteOperation['doc']): RouteOperation => ({ method: 'OPTIONS', writes: false, ...(doc ? { doc } : {}) });
/** The CORS preflight of a route (answered by the middleware, which reports the limit without counting). */
const preflight = (operationId: string, tags: string[]) => options((path) => preflightDoc(path, operationId, tags));
/** A page or prerendered document: GET only, no CORS, not part of the JSON API. */
const page = (path: string, llms?: Route['llms']): Route => ({ path, cors: false, api: false, operations: [get()], ...(llms ? { llms } : {}) });
/** A generated discovery document: GET, CORS, documented. */
const document = (path: string, doc: OperationDoc, llms?: Route['llms']): Route => ({
  path, cors: true, api: false, operations: [get(doc), head], ...(llms ? { llms } : {}),
});
/** The MCP endpoint and its aliases: one server, the same operations. */
const mcpEndpoint = (path: string, id: string, note: string, llms?: Route['llms']): Route => ({
  path,
  family: 'mcp',
  cors: true,
  api: true,
  operations: [
    { method: 'GET', writes: false, scope: ['mcp:read'], token: 'all', doc: mcpDocs.discovery(id, note) },
    { method: 'POST', writes: true, scope: ['mcp:tools:inquiry', 'mcp:tools:booking'], token: 'per-tool', doc: mcpDocs.jsonRpc(id, note) },
    options(mcpDocs.preflight(id)),
  ],
  ...(llms ? { llms } : {}),
});

export const routes: Route[] = [
  // Prerendered documents for agents and readers.
  page(p.agentInstructionsMd, {
    section: 'api', title: 'Agent instructions', note: 'how an agent should use this site: content, MCP tools, /ask, REST, limits, booking flow, etiquette',
  }),
  page(p.agentInstructionsJson, { section: 'optional', title: 'Agent instructions (JSON)', note: 'the agent instructions as JSON' }),
  page(p.llms),
  page(p.llmsFull, { section: 'optional', title: 'Full content', note: 'every article, service, price and page of both languages in one Markdown file' }),
  page(p.pricingMd),
  page(p.twins),
  page(p.rss, { section: 'optional', title: 'RSS (Polish)', note: 'new articles in Polish' }),
  page(p.rssEn, { section: 'optional', title: 'RSS (English)', note: 'new articles in English' }),
  page(p.robots),
  // Generated at build: the web app manifest, its icons and each page's social image.
  page(p.manifest),
  page(p.icon192),
  page(p.icon512),
  page(p.appleTouchIcon),
  page(p.socialImages),
  // WebMCP: fetched only by browsers that have it (the pages' inline feature check).
  page(p.webMcpScript),
  page(p.webMcpTools, { section: 'optional', title: 'WebMCP tools', note: 'the tools pages register in browsers with WebMCP (the MCP schemas, descriptions per language)' }),

  // REST: newsletter and contact.
  {
    path: p.subscribe, family: 'subscribe', cors: true, api: true,
    operations: [
      { method: 'POST', writes: true, scope: ['newsletter:subscribe'], token: 'write', doc: restDocs.subscribe },
      preflight('subscribePreflight', ['newsletter']),
    ],
  },
  {
    path: p.unsubscribe, family: 'unsubscribe', cors: true, api: true,
    operations: [
      { method: 'POST', writes: true, scope: ['newsletter:unsubscribe'], token: 'write', doc: restDocs.unsubscribe },
      preflight('unsubscribePreflight', ['newsletter']),
    ],
  },
  {
    path: p.contact, family: 'contact', cors: true, api: true,
    operations: [{ method: 'POST', writes: true, doc: restDocs.contact }, preflight('contactPreflight', ['contact'])],
  },
  // The forms' proof of work (HTML form path only): public, not counted (a challenge costs the server one HMAC).
  { path: p.formChallenge, cors: true, api: true, operations: [get(mailLinkDocs.challenge)] },
  // Pages opened from newsletter mails (on demand, HTML). The confirmation GET writes (it is the
  // opt-in); the unsubscribe GET never does (link scanners), its POST does (button, RFC 8058 one-click).
  // Only the address form is counted, in the unsubscribe family, by the page itself.
  ...(['pl', 'en'] as const).flatMap((locale): Route[] => [
    {
      path: locale === 'pl' ? p.newsletterConfirm : p.newsletterConfirmEn, cors: false, api: false,
      operations: [{ method: 'GET', writes: true, doc: mailLinkDocs.confirmPage(locale) }],
    },
    {
      path: locale === 'pl' ? p.newsletterUnsubscribe : p.newsletterUnsubscribeEn, cors: false, api: false,
      operations: [get(mailLinkDocs.unsubscribePage(locale)), { method: 'POST', writes: true, doc: mailLinkDocs.unsubscribeOneClick(locale) }],
    },
    // The "cancel" link of a booking's confirmation mail: the GET shows one button, its POST cancels.
    {
      path: locale === 'pl' ? p.consultationCancel : p.consultationCancelEn, cors: false, api: false,
      operations: [get(mailLinkDocs.cancelBookingPage(locale)), { method: 'POST', writes: true, doc: mailLinkDocs.cancelBooking(locale) }],
    },
  ]),

  // MCP and its discovery documents.
  mcpEndpoint(p.mcp, 'Mcp', 'Primary endpoint.', {
    section: 'api', title: 'MCP server', note: 'Model Context Protocol over JSON-RPC 2.0 (POST); GET describes the tools (JSON, Markdown or SSE)',
  }),
  mcpEndpoint(p.mcpLegacy, 'ApiMcp', 'Legacy alias of /mcp.'),
  mcpEndpoint(p.mcpWellKnown, 'WellKnownMcp', 'Well-known alias of /mcp.'),
  { path: p.mcpOther, family: 'mcp', cors: true, api: true, operations: [] }, // every method: ErrorResponse 404
  { path: p.wellKnownMcpOther, cors: true, api: false, operations: [] }, // every method: ErrorResponse 404
  document(p.mcpServerCard, mcpDocs.documents.serverCard),
  document(p.wellKnownServerCardJson, mcpDocs.documents.serverCardJson, { section: 'api', title: 'MCP server card', note: 'MCP discovery document' }),
  document(p.wellKnownServerCard, mcpDocs.documents.serverCardWellKnown),
  document(p.mcpManifest, mcpDocs.documents.manifest, { section: 'optional', title: 'MCP manifest', note: 'the MCP server, its transport and tools' }),
  document(p.mcpConnectors, mcpDocs.documents.connectors, { section: 'optional', title: 'MCP connectors', note: 'how to add this MCP server to a client' }),
  document(p.agentCard, mcpDocs.documents.agentCard, { section: 'api', title: 'Agent card', note: 'A2A agent card of the A2A endpoint /a2a' }),
  document(p.agentJson, mcpDocs.documents.agentJson, { section: 'optional', title: 'Agent card (A2A 0.2 location)', note: 'the agent card at its older address' }),
  document(p.aiPlugin, mcpDocs.documents.aiPlugin, { section: 'api', title: 'AI plugin manifest', note: 'plugin manifest pointing to the OpenAPI description' }),

  // Natural-language query. GET is the same query as POST (NLWeb's GET form), so the same scope and level.
  {
    path: p.ask, family: 'ask', cors: true, api: true,
    operations: [
      { method: 'POST', writes: false, scope: ['ask:query'], token: 'write', doc: askDocs.ask },
      { method: 'GET', writes: false, scope: ['ask:query'], token: 'write', doc: askDocs.askGet },
      head,
      options(askDocs.preflight),
    ],
    llms: {
      section: 'api', title: 'Natural-language query',
      note: 'POST a question, or GET /ask?query=…, get ranked articles, services, prices and flows (JSON or SSE); GET /ask without a query says how to ask',
    },
  },
  // A2A: an agent asks in A2A JSON-RPC and is answered with /ask, so it is /ask's family, scope and level.
  {
    path: p.a2a, family: 'ask', cors: true, api: true,
    operations: [{ method: 'POST', writes: false, scope: ['ask:query'], token: 'write', doc: a2aDocs.a2a }, get(a2aDocs.about), head, options(a2aDocs.preflight)],
    llms: { section: 'api', title: 'A2A agent', note: 'Agent2Agent JSON-RPC (protocol 1.0 and 0.3): POST message/send or message/stream a question, get /ask\'s ranked resources; GET says where the card is (/.well-known/agent-card.json)' },
  },

  // Consultation: public like the contact form, since a person picks and confirms the slot on the
  // site's own page (the MCP tool consultation_book is the agent's way in, scope mcp:tools:booking).
  {
    path: p.slots, family: 'slots', cors: true, api: true,
    operations: [get(consultationDocs.slots), preflight('preflightConsultationSlots', ['Consultation'])],
  },
  {
    path: p.book, family: 'booking', cors: true, api: true,
    operations: [{ method: 'POST', writes: true, doc: consultationDocs.book }, preflight('preflightConsultationBook', ['Consultation'])],
  },

  // Website chat: public (spec "Authentication"), its own family. The status probe (asked by the
  // launcher on every page, once a minute per tab) must not spend the chat's budget: no family.
  {
    path: p.chat, family: 'chat', cors: true, api: true,
    operations: [{ method: 'POST', writes: true, doc: chatDocs.chat }, preflight('preflightChat', ['Chat'])],
  },
  {
    path: p.chatStatus, cors: true, api: true, operations: [get(chatDocs.status)],
    llms: { section: 'api', title: 'Chat assistant', note: 'whether the website chat can answer now; POST /api/chat talks to it (AI SDK UI message stream, write tools wait for the person\'s approval)' },
  },

  // OAuth (issue: OAuth). The metadata documents are not counted (spec: no rate-limit headers on
  // OAuth and catalog endpoints); the endpoints that do work are, in the oauth family.
  { path: p.authorizationServer, cors: true, api: false, operations: [get(oauthDocs.authorizationServer), head] },
  { path: p.protectedResource, cors: true, api: false, operations: [get(oauthDocs.protectedResource), head] },
  { path: p.protectedResourceSuffixed, cors: true, api: false, operations: [get(), head] },
  { path: p.jwks, cors: true, api: false, operations: [get(oauthDocs.jwks), head] },
  { path: p.authorize, family: 'oauth', cors: true, api: true, operations: [get(oauthDocs.authorize), { method: 'POST', writes: true, doc: oauthDocs.authorizeConsent }] },
  { path: p.token, family: 'oauth', cors: true, api: true, operations: [{ method: 'POST', writes: true, doc: oauthDocs.token }, preflight('tokenPreflight', ['OAuth'])] },
  { path: p.register, family: 'oauth', cors: true, api: true, operations: [{ method: 'POST', writes: true, doc: oauthDocs.register }, preflight('registerPreflight', ['OAuth'])] },
  { path: p.revoke, family: 'oauth', cors: true, api: true, operations: [{ method: 'POST', writes: true, doc: oauthDocs.revoke }, preflight('revokePreflight', ['OAuth'])] },

  // The documents that describe the API; catalogs are not counted.
  {
    path: p.apiCatalog, cors: true, api: true, operations: [get(catalogDocs.apiCatalog), head],
    llms: { section: 'api', title: 'API catalog', note: 'the public endpoints with methods, purposes and rate limits (JSON)' },
  },
  {
    path: p.errorFormat, cors: true, api: true, operations: [get(catalogDocs.errorFormat), head],
    llms: { section: 'api', title: 'Error format', note: 'the ErrorResponse shape and the closed list of error codes' },
  },
  {
    path: p.openapi, cors: true, api: false, operations: [get(catalogDocs.openapi), head],
    llms: { section: 'api', title: 'OpenAPI description', note: 'every REST endpoint, request and response schema' },
  },
  { path: p.apiOther, cors: true, api: true, operations: [] }, // every method: ErrorResponse 404

  // HTML pages.
  page(p.home),
  page(p.homeEn),
  page(p.notFound),
  page(p.status, { section: 'optional', title: 'Service status', note: 'which providers this deployment uses and whether they answer (?format=json)', href: '/status/' }),
  page(p.statusEn),
  page(p.pages),
];

// ------------------------------------------------------------------ lookup

/** A pattern as a regular expression: `[...rest]` matches any tail (also none), `[name]` one segment. */
function compile(path: string): RegExp {
  const segments = path.split('/').slice(1).map((segment) => {
    if (/^\[\.\.\.[^\]]+\]$/.test(segment)) return '(?:/.*)?';
    const escaped = segment
      .split(/(\[(?:\.\.\.)?[^\]]+\])/)
      .map((part) => (part.startsWith('[...') ? '.+' : part.startsWith('[') ? '[^/]+' : part.replace(/[.*+?^${}()|\\]/g, '\\$&')))
      .join('');
    return `/${escaped}`;
  });
  return new RegExp(`^${segments.join('') || '/'}$`);
}

const isDynamic = (path: string) => path.includes('[');
const staticRoutes = new Map(routes.filter((route) => !isDynamic(route.path)).map((route) => [route.path, route]));
/** Dynamic routes, most specific first (longest fixed prefix, then a fixed suffix), as Astro ranks them. */
const dynamicRoutes = routes
  .filter((route) => isDynamic(route.path))
  .map((route) => ({ route, pattern: compile(route.path), prefix: route.path.indexOf('['), suffix: !route.path.endsWith(']') }))
  .sort((a, b) => b.prefix - a.prefix || Number(b.suffix) - Number(a.suffix));

/** The route a request path belongs to (a trailing slash is ignored). */
export function routeFor(pathname: string): Route | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return staticRoutes.get(path) ?? dynamicRoutes.find((entry) => entry.pattern.test(path))?.route;
}

/** The site's absolute URL of a fixed route. */
export function routeUrl(siteUrl: string, path: (typeof routePaths)[keyof typeof routePaths]): string {
  return `${siteUrl}${path}`;
}

/** The OAuth URLs every document names (metadata, endpoints), from one place. */
export function oauthUrls(siteUrl: string) {
  return {
    authorizationServer: routeUrl(siteUrl, p.authorizationServer),
    protectedResource: routeUrl(siteUrl, p.protectedResource),
    jwks: routeUrl(siteUrl, p.jwks),
    authorize: routeUrl(siteUrl, p.authorize),
    token: routeUrl(siteUrl, p.token),
    register: routeUrl(siteUrl, p.register),
    revoke: routeUrl(siteUrl, p.revoke),
  };
}
