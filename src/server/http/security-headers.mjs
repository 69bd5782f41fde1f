// Plain JS so that astro.config.mjs, the production server (scripts/start.mjs) and tests share one
// definition. Aim: every rule of Mozilla's HTTP Observatory passes.
import { webMcpLoaderHash } from '../../webmcp/loader.ts';

/**
 * Astro's CSP (security.csp): Astro adds the hash of every inline script and style it renders, per
 * page. Scripts: 'self' and those hashes only (no 'unsafe-inline'). Styles: the same, plus
 * style-src-attr 'unsafe-inline' so that a style="" attribute still applies (styles cannot run code).
 * Astro does not hash `is:inline` scripts: the WebMCP feature check every page carries is named here
 * by its hash (on-demand pages send their CSP before the body renders, so a component cannot add it);
 * the /webmcp.js it imports is same-origin ('self').
 */
/** @type {Exclude<NonNullable<NonNullable<import('astro').AstroUserConfig['security']>['csp']>, boolean>} */
export const contentSecurityPolicy = {
  algorithm: 'SHA-256',
  directives: [
    // Nothing unless named (Observatory's best CSP grade), then what the pages use.
    "default-src 'none'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ],
  scriptDirective: { resources: ["'self'"], hashes: [webMcpLoaderHash] },
  styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
};

/** The CSP of every response that is not a page with its own (JSON, Markdown, images, scripts, errors). */
export const defaultCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * For a page that holds something of the visitor's (a consent decision, a mail link's token): no window
 * that opened it keeps a reference to it. Public pages go without: a page with this header never
 * shares its browsing context group with the page the visitor came from, so every arrival starts a
 * new, cold renderer process, and Lighthouse counted that start as most of a page's blocking time
 * (docs/performance.md).
 */
export const isolatedPageHeaders = { 'Cross-Origin-Opener-Policy': 'same-origin' };

/** The security headers of every response; HSTS only when the site is served over https. */
export function securityHeaders(siteUrl) {
  return {
    'Content-Security-Policy': defaultCsp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    // Other sites may not embed our files with no-cors loads; CORS reads of the API are unaffected.
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(siteUrl.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/**
 * The page CSP of `npm run dev`, made from the one Astro sends: the dev server injects styles and
 * island scripts inline without hashes, so script-src and style-src allow inline code there ('unsafe-inline'
 * is ignored by browsers as soon as a hash is listed, hence the hashes go). img-src adds blob:, the
 * address the form editor shows a picture from (one chosen for upload, one kept by its path). Every
 * other directive, and the production CSP, stay as they are.
 * @param {string} header
 */
export function devContentSecurityPolicy(header) {
  return header
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name === 'img-src') return [name, ...sources.filter((source) => source !== 'blob:'), 'blob:'].join(' ');
      if (name !== 'script-src' && name !== 'style-src') return directive.trim();
      const kept = sources.filter((source) => !/^'sha(256|384|512)-/.test(source) && source !== "'unsafe-inline'");
      return [name, ...kept, "'unsafe-inline'"].join(' ');
    })
    .filter(Boolean)
    .join('; ');
}
