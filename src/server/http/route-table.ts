/**
 * The route table: every page and endpoint file under `src/pages` has one entry here, with its
 * path pattern (from urls.ts), methods, rate-limit family, CORS, and per operation its scope, the
 * OAUTH_ENFORCEMENT level from which a token is needed and whether it writes. Facts only: the
 * middleware looks routes up here (`routeFor`); the OpenAPI description, GET /api, the agent
 * instructions and /llms.txt read it and add their own words; tests/unit/routes.test.ts holds it
 * against `src/pages`.
 */
import type { Scope } from '../base/scopes';
import { routePaths } from '../base/urls';

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
}

const p = routePaths;
const get: RouteOperation = { method: 'GET', writes: false };
/** HEAD, declared where a GET is a cacheable document (a client may ask for its length and ETag). */
const head: RouteOperation = { method: 'HEAD', writes: false };
/** The CORS preflight of a route (answered by the middleware, which reports the limit without counting). */
const options: RouteOperation = { method: 'OPTIONS', writes: false };
/** A page or prerendered document: GET only, no CORS, not part of the JSON API. */
const page = (path: string): Route => ({ path, cors: false, api: false, operations: [get] });
/** A generated discovery document: GET, CORS. */
const document = (path: string): Route => ({ path, cors: true, api: false, operations: [get, head] });
/** The MCP endpoint and its aliases: one server, the same operations. */
const mcpEndpoint = (path: string): Route => ({
  path,
  family: 'mcp',
  cors: true,
  api: true,
  operations: [
    { method: 'GET', writes: false, scope: ['mcp:read'], token: 'all' },
    { method: 'POST', writes: true, scope: ['mcp:tools:inquiry', 'mcp:tools:booking'], token: 'per-tool' },
    options,
  ],
});

export const routes: Route[] = [
  // Prerendered documents for agents and readers.
  page(p.agentInstructionsMd),
  page(p.agentInstructionsJson),
  page(p.llms),
  page(p.llmsFull),
  page(p.pricingMd),
  page(p.twins),
  page(p.rss),
  page(p.rssEn),
  page(p.robots),
  // Generated at build: the web app manifest, its icons and each page's social image.
  page(p.manifest),
  page(p.icon192),
  page(p.icon512),
  page(p.appleTouchIcon),
  page(p.socialImages),
  // WebMCP: fetched only by browsers that have it (the pages' inline feature check).
  page(p.webMcpScript),
  page(p.webMcpTools),

  // REST: newsletter and contact.
  {
    path: p.subscribe, family: 'subscribe', cors: true, api: true,
    operations: [{ method: 'POST', writes: true, scope: ['newsletter:subscribe'], token: 'write' }, options],
  },
  {
    path: p.unsubscribe, family: 'unsubscribe', cors: true, api: true,
    operations: [{ method: 'POST', writes: true, scope: ['newsletter:unsubscribe'], token: 'write' }, options],
  },
  { path: p.contact, family: 'contact', cors: true, api: true, operations: [{ method: 'POST', writes: true }, options] },
  // The forms' proof of work (HTML form path only): public, not counted (a challenge costs the server one HMAC).
  { path: p.formChallenge, cors: true, api: true, operations: [get] },
  // Pages opened from newsletter mails (on demand, HTML). Their GETs never write (mail scanners open
  // links): each shows a button whose POST confirms or unsubscribes (and RFC 8058's one-click POST).
  // Only the address form is counted, in the unsubscribe family, by the page itself.
  ...(['pl', 'en'] as const).flatMap((locale): Route[] => [
    { path: locale === 'pl' ? p.newsletterConfirm : p.newsletterConfirmEn, cors: false, api: false, operations: [get, { method: 'POST', writes: true }] },
    { path: locale === 'pl' ? p.newsletterUnsubscribe : p.newsletterUnsubscribeEn, cors: false, api: false, operations: [get, { method: 'POST', writes: true }] },
    // The "cancel" link of a booking's confirmation mail: the GET shows one button, its POST cancels.
    { path: locale === 'pl' ? p.consultationCancel : p.consultationCancelEn, cors: false, api: false, operations: [get, { method: 'POST', writes: true }] },
  ]),

  // MCP and its discovery documents.
  mcpEndpoint(p.mcp),
  mcpEndpoint(p.mcpLegacy),
  mcpEndpoint(p.mcpWellKnown),
  { path: p.mcpOther, family: 'mcp', cors: true, api: true, operations: [] }, // every method: ErrorResponse 404
  { path: p.wellKnownMcpOther, cors: true, api: false, operations: [] }, // every method: ErrorResponse 404
  document(p.mcpServerCard),
  document(p.wellKnownServerCardJson),
  document(p.wellKnownServerCard),
  document(p.mcpManifest),
  document(p.mcpConnectors),
  document(p.agentCard),
  document(p.agentJson),
  document(p.aiPlugin),

  // Natural-language query. GET is the same query as POST (NLWeb's GET form), so the same scope and level.
  {
    path: p.ask, family: 'ask', cors: true, api: true,
    operations: [
      { method: 'POST', writes: false, scope: ['ask:query'], token: 'write' },
      { method: 'GET', writes: false, scope: ['ask:query'], token: 'write' },
      head,
      options,
    ],
  },
  // A2A: an agent asks in A2A JSON-RPC and is answered with /ask, so it is /ask's family, scope and level.
  {
    path: p.a2a, family: 'ask', cors: true, api: true,
    operations: [{ method: 'POST', writes: false, scope: ['ask:query'], token: 'write' }, get, head, options],
  },

  // Consultation: public like the contact form, since a person picks and confirms the slot on the
  // site's own page (the MCP tool consultation_book is the agent's way in, scope mcp:tools:booking).
  { path: p.slots, family: 'slots', cors: true, api: true, operations: [get, options] },
  { path: p.book, family: 'booking', cors: true, api: true, operations: [{ method: 'POST', writes: true }, options] },

  // Website chat: public, its own family. The status probe (asked by the launcher on every page,
  // once a minute per tab) must not spend the chat's budget: no family.
  { path: p.chat, family: 'chat', cors: true, api: true, operations: [{ method: 'POST', writes: true }, options] },
  { path: p.chatStatus, cors: true, api: true, operations: [get] },

  // OAuth. The metadata documents carry no rate-limit headers (like the catalogs); the endpoints
  // that do work are counted, in the oauth family.
  { path: p.authorizationServer, cors: true, api: false, operations: [get, head] },
  { path: p.protectedResource, cors: true, api: false, operations: [get, head] },
  { path: p.protectedResourceSuffixed, cors: true, api: false, operations: [get, head] },
  { path: p.jwks, cors: true, api: false, operations: [get, head] },
  { path: p.authorize, family: 'oauth', cors: true, api: true, operations: [get, { method: 'POST', writes: true }] },
  { path: p.token, family: 'oauth', cors: true, api: true, operations: [{ method: 'POST', writes: true }, options] },
  { path: p.register, family: 'oauth', cors: true, api: true, operations: [{ method: 'POST', writes: true }, options] },
  { path: p.revoke, family: 'oauth', cors: true, api: true, operations: [{ method: 'POST', writes: true }, options] },

  // The documents that describe the API; catalogs are not counted.
  { path: p.apiCatalog, cors: true, api: true, operations: [get, head] },
  { path: p.errorFormat, cors: true, api: true, operations: [get, head] },
  { path: p.openapi, cors: true, api: false, operations: [get, head] },
  { path: p.apiOther, cors: true, api: true, operations: [] }, // every method: ErrorResponse 404

  // HTML pages.
  page(p.home),
  page(p.homeEn),
  page(p.notFound),
  page(p.status),
  page(p.statusEn),
  // The search results page spends /ask's limit itself, so a visitor over it gets a page, not JSON.
  page(p.search),
  page(p.searchEn),
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
