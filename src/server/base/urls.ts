/**
 * Every URL path of the site, once: the fixed paths of pages, documents and endpoints (Astro's
 * route syntax for the dynamic ones, no trailing slash) and the builders of content pages in both
 * languages (their Polish and English segments side by side). The route table, the catalog, the
 * documents and the pages' links all build their URLs from here; tests/unit/url-literals.test.ts
 * fails on a site path written anywhere else in src/.
 */
import type { Locale } from './i18n';

/** The localized segments of content pages: each language's word for the same page. */
export const segments = {
  articles: { pl: 'artykuly', en: 'articles' },
  tag: { pl: 'tag', en: 'tag' },
  page: { pl: 'strona', en: 'page' },
  services: { pl: 'uslugi', en: 'services' },
  pricing: { pl: 'cennik', en: 'pricing' },
  contact: { pl: 'kontakt', en: 'contact' },
  consultation: { pl: 'konsultacja', en: 'consultation' },
  newsletterConfirm: { pl: 'newsletter/potwierdz', en: 'newsletter/confirm' },
  newsletterUnsubscribe: { pl: 'newsletter/wypisz', en: 'newsletter/unsubscribe' },
  consultationCancel: { pl: 'konsultacja/odwolaj', en: 'consultation/cancel' },
  search: { pl: 'szukaj', en: 'search' },
  caseStudies: { pl: 'realizacje', en: 'case-studies' },
} as const;

/** Every fixed path (pages, documents, endpoints) by name. */
export const routePaths = {
  home: '/',
  homeEn: '/en',
  notFound: '/404',
  status: '/status',
  statusEn: '/en/status',
  search: `/${segments.search.pl}`,
  searchEn: `/en/${segments.search.en}`,
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
  newsletterConfirm: `/${segments.newsletterConfirm.pl}`,
  newsletterConfirmEn: `/en/${segments.newsletterConfirm.en}`,
  newsletterUnsubscribe: `/${segments.newsletterUnsubscribe.pl}`,
  newsletterUnsubscribeEn: `/en/${segments.newsletterUnsubscribe.en}`,
  consultationCancel: `/${segments.consultationCancel.pl}`,
  consultationCancelEn: `/en/${segments.consultationCancel.en}`,
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

/** Files served from public/ as they are (no route of their own). */
export const publicFiles = { favicon: '/favicon.svg' } as const;

/** The form editor's save (Keystatic's local-mode API), served by `astro dev` only: the content check runs before it. */
export const formEditorSave = '/api/keystatic/update';

const prefix = (locale: Locale) => (locale === 'pl' ? '' : '/en');

/** Site-relative paths, always with a trailing slash (pages are built as directories). */
export const paths = {
  home: (locale: Locale) => `${prefix(locale)}/`,
  articles: (locale: Locale, page = 1) =>
    `${prefix(locale)}/${segments.articles[locale]}/${page > 1 ? `${segments.page[locale]}/${page}/` : ''}`,
  article: (locale: Locale, slug: string) => `${prefix(locale)}/${segments.articles[locale]}/${slug}/`,
  tag: (locale: Locale, tag: string) => `${prefix(locale)}/${segments.articles[locale]}/${segments.tag[locale]}/${tag}/`,
  services: (locale: Locale) => `${prefix(locale)}/${segments.services[locale]}/`,
  service: (locale: Locale, slug: string) => `${prefix(locale)}/${segments.services[locale]}/${slug}/`,
  pricing: (locale: Locale) => `${prefix(locale)}/${segments.pricing[locale]}/`,
  contact: (locale: Locale) => `${prefix(locale)}/${segments.contact[locale]}/`,
  consultation: (locale: Locale) => `${prefix(locale)}/${segments.consultation[locale]}/`,
  /** On-demand pages opened from mails: confirm a subscription, unsubscribe, cancel a booking. */
  newsletterConfirm: (locale: Locale) => `${prefix(locale)}/${segments.newsletterConfirm[locale]}/`,
  newsletterUnsubscribe: (locale: Locale) => `${prefix(locale)}/${segments.newsletterUnsubscribe[locale]}/`,
  consultationCancel: (locale: Locale) => `${prefix(locale)}/${segments.consultationCancel[locale]}/`,
  caseStudies: (locale: Locale) => `${prefix(locale)}/${segments.caseStudies[locale]}/`,
  caseStudy: (locale: Locale, slug: string) => `${prefix(locale)}/${segments.caseStudies[locale]}/${slug}/`,
  /** Free-standing pages (privacy policy, webhook policy) use their slug at the locale root. */
  page: (locale: Locale, slug: string) => `${prefix(locale)}/${slug}/`,
  rss: (locale: Locale) => `${prefix(locale)}/rss.xml`,
  /** The on-demand search results page (the header's search form; `q` is the question). */
  search: (locale: Locale) => `${prefix(locale)}/${segments.search[locale]}/`,
  /** The on-demand provider status page. */
  status: (locale: Locale) => `${prefix(locale)}/status/`,
};

/** The Markdown twin of a page: the page's URL with `.md` (trailing slash dropped). */
export function markdownTwin(path: string): string {
  return `${path.replace(/\/$/, '')}.md`;
}

/**
 * Where each page's social share image (og:image, 1200×630 PNG generated at build by
 * src/pages/og/[...image].png.ts) lives: `/og/<page path>.png`, the home pages `/og/home-pl.png`
 * and `/og/home-en.png`. Pages without a prerendered image of their own (404, the status page) pass
 * their language's home path.
 */
export function ogImagePath(pagePath: string): string {
  if (pagePath === paths.home('pl')) return '/og/home-pl.png';
  if (pagePath === paths.home('en')) return '/og/home-en.png';
  return `/og/${pagePath.replace(/^\/|\/$/g, '')}.png`;
}

/** The site's absolute URL of a fixed route. */
export function routeUrl(siteUrl: string, path: (typeof routePaths)[keyof typeof routePaths]): string {
  return `${siteUrl}${path}`;
}

/** The OAuth URLs every document names (metadata, endpoints), from one place. */
export function oauthUrls(siteUrl: string) {
  return {
    authorizationServer: routeUrl(siteUrl, routePaths.authorizationServer),
    protectedResource: routeUrl(siteUrl, routePaths.protectedResource),
    jwks: routeUrl(siteUrl, routePaths.jwks),
    authorize: routeUrl(siteUrl, routePaths.authorize),
    token: routeUrl(siteUrl, routePaths.token),
    register: routeUrl(siteUrl, routePaths.register),
    revoke: routeUrl(siteUrl, routePaths.revoke),
  };
}

/** Site paths that are not content pages but exist (documents, API, agent endpoints, the build's sitemap and assets). */
export const nonContentPrefixes = [
  routePaths.apiCatalog, routePaths.mcp, routePaths.ask, '/.well-known/', paths.status('pl'), routePaths.openapi, routePaths.llms,
  routePaths.llmsFull, routePaths.pricingMd, routePaths.rss, routePaths.rssEn, '/sitemap-index.xml', '/_astro/',
];
