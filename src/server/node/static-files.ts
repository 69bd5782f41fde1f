/**
 * The prerendered files of dist/client, served by sirv (lukeed/sirv): at start it walks the folder once
 * and keeps an index in memory, so a request costs one Map lookup and no file-system call until the
 * stream opens; it picks the .br/.gz variant the build wrote (src/integrations/server-files.ts) by
 * Accept-Encoding, sends ETag and answers 304. Chosen over serve-static/send (what Astro's standalone
 * server uses: a stat on every request) and @fastify/static (needs Fastify); sirv is small, maintained,
 * and used by Vite's own preview server.
 * A path outside the index (any traversal, encoded or not) is simply not found and goes to Astro.
 */
import { readFileSync, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

export type StaticHandler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** Hashed file names under /_astro/ never change: cache for a year. Everything else revalidates (ETag). */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Content types with their charset (sirv adds one to HTML only, without the space the tests and RFC 9110 show). */
const textTypes: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
};

export function contentTypeFor(pathname: string): string | undefined {
  const name = pathname.slice(pathname.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  // No extension: a directory page (/uslugi/ → uslugi/index.html) or an extensionless page file.
  return dot < 0 ? textTypes.html : textTypes[name.slice(dot + 1).toLowerCase()];
}

/** The key of a page in Astro's dist/_headers.json: no trailing slash, no index.html, no .html. */
export function pageKey(pathname: string): string {
  const key = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '').replace(/\/+$/, '');
  return key || '/';
}

/** Astro's per-page CSP (security.csp with the adapter's staticHeaders): pathname → header value. */
export function readPageCsp(headersFile: string): Map<string, string> {
  const map = new Map<string, string>();
  if (!existsSync(headersFile)) return map;
  const entries = JSON.parse(readFileSync(headersFile, 'utf8')) as Array<{ pathname: string; headers: Array<{ key: string; value: string }> }>;
  for (const { pathname, headers } of entries) {
    const csp = headers.find((header) => header.key.toLowerCase() === 'content-security-policy');
    if (csp) map.set(pageKey(pathname), csp.value);
  }
  return map;
}

export function createStaticHandler(clientDir: string, pageCsp: Map<string, string>): StaticHandler {
  const serve = sirv(clientDir, { dev: false, etag: true, brotli: true, gzip: true, dotfiles: false }) as StaticHandler;
  // The headers go on before sirv runs: it answers a matching If-None-Match with a bare 304 before its
  // setHeaders hook, and a browser copies a 304's headers (the CSP among them) onto its cached page.
  return (request, response, next) => {
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    let pathname = query < 0 ? url : url.slice(0, query);
    if (pathname.includes('%')) {
      try {
        pathname = decodeURI(pathname);
      } catch {
        // Malformed: sirv will not find it either.
      }
    }
    const type = contentTypeFor(pathname);
    if (type) response.setHeader('Content-Type', type);
    const csp = type === textTypes.html ? pageCsp.get(pageKey(pathname)) : undefined;
    if (csp) response.setHeader('Content-Security-Policy', csp);
    response.setHeader('Cache-Control', cacheControlFor(pathname));
    serve(request, response, () => {
      // Not a file: Astro answers, with its own headers.
      response.removeHeader('Cache-Control');
      response.removeHeader('Content-Type');
      next();
    });
  };
}
