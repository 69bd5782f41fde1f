/**
 * The prerendered files of dist/client, served by sirv (lukeed/sirv): at start it walks the folder once
 * and keeps an index in memory, so a request costs one Map lookup and no file-system call until the
 * stream opens; it picks the .br/.gz variant the build wrote (src/integrations/server-files.ts) by
 * Accept-Encoding, sends ETag and answers 304. sirv's complete answers for small files are then kept
 * and replayed (createStaticHandler), so a page costs no file-system call after its first request.
 * Chosen over serve-static/send (what Astro's standalone server uses: a stat on every request) and
 * @fastify/static (needs Fastify); sirv is small, maintained, and used by Vite's own preview server.
 * A path outside the index (any traversal, encoded or not) is simply not found and goes to Astro.
 */
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import sirv from 'sirv';

export type StaticHandler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** The static handler with a view of its replay cache (what a test of its bounds reads). */
export type KeepingStaticHandler = StaticHandler & { kept: () => { keys: number; bytes: number } };

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

/** A complete 200 answer of sirv: its headers and body. */
interface KeptAnswer {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Files up to this size have their answers kept in memory, up to KEEP_TOTAL_BYTES in all. */
export const KEEP_FILE_BYTES = 256 * 1024;
export const KEEP_TOTAL_BYTES = 64 * 1024 * 1024;
/** Answers kept at most: with at most four encoding classes per path, far above any build's files. */
export const KEEP_MAX_ANSWERS = 20_000;

/**
 * The class of an Accept-Encoding header as sirv negotiates it (its own two tests, copied exactly: a
 * substring `gzip`, and `br`/`brotli` in any case): `br+gzip`, `br`, `gzip` or `identity`. sirv picks
 * the variant from these two facts alone, so an answer kept under the class is the one sirv would give;
 * keying on the header as sent would let every distinct header grow the cache.
 */
export function encodingClass(acceptEncoding: string | string[] | undefined): 'br+gzip' | 'br' | 'gzip' | 'identity' {
  const value = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : (acceptEncoding ?? '');
  const gzip = value.includes('gzip');
  const brotli = /(br|brotli)/i.test(value);
  return brotli ? (gzip ? 'br+gzip' : 'br') : gzip ? 'gzip' : 'identity';
}

/** What a kept answer costs in memory: its body, its headers' text, and an allowance for the objects. */
function keptSize(answer: KeptAnswer, key: string): number {
  let size = answer.body.length + key.length + 256;
  for (const name in answer.headers) size += name.length + String(answer.headers[name]).length + 64;
  return size;
}

/**
 * Records what sirv writes for one request (headers and body chunks) and hands it to `keep` when the
 * answer is a complete 200; `stop()` gives the response its own methods back (sirv had no such file).
 */
function recordAnswer(response: ServerResponse, keep: (answer: KeptAnswer) => void): { stop: () => void } {
  const { write, end } = response;
  const chunks: Buffer[] = [];
  let size = 0;
  let keeping = true;
  const take = (chunk: unknown) => {
    if (!keeping || !chunk || typeof chunk === 'function') return;
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > KEEP_FILE_BYTES) {
      keeping = false;
      chunks.length = 0;
    } else chunks.push(bytes);
  };
  const stop = () => {
    response.write = write;
    response.end = end;
  };
  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    take(chunk);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    take(chunk);
    stop();
    const headers = response.getHeaders();
    // Only a whole 200 (its declared length all there); never the per-connection Connection header.
    if (keeping && response.statusCode === 200 && Number(headers['content-length']) === size) {
      delete headers.connection;
      keep({ headers, body: Buffer.concat(chunks, size) });
    }
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  return { stop };
}

/** The suffixes sirv may add to a request path: compressed variants, then page extensions. */
const sirvSuffixes = ['.br', '.gz', '.html', '.htm'];

/**
 * Every request path (decoded, with or without a trailing slash) that sirv could answer from the files
 * of `clientDir`: the inverse of its lookup (path + suffix, or path + '/index' + suffix). A superset is
 * harmless (sirv then finds nothing and Astro answers); anything outside skips sirv entirely.
 */
export function servablePaths(clientDir: string): Set<string> {
  const paths = new Set<string>();
  const add = (path: string) => {
    paths.add(path || '/');
    paths.add(`${path}/`);
  };
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = `/${join(entry.parentPath, entry.name).slice(clientDir.length).replace(/^[\\/]+/, '').replace(/\\/g, '/')}`;
    for (const suffix of ['', ...sirvSuffixes, ...sirvSuffixes.slice(2).flatMap((page) => [`${page}.br`, `${page}.gz`])]) {
      if (!file.endsWith(suffix)) continue;
      const path = file.slice(0, file.length - suffix.length);
      add(path);
      if (path.endsWith('/index')) add(path.slice(0, -'/index'.length));
    }
  }
  return paths;
}

export function createStaticHandler(clientDir: string, pageCsp: Map<string, string>): KeepingStaticHandler {
  const serve = sirv(clientDir, { dev: false, etag: true, brotli: true, gzip: true, dotfiles: false }) as StaticHandler;
  // On-demand routes (the API, /status/) are not files: they go to Astro after one Set lookup.
  const servable = servablePaths(clientDir);
  // sirv reads a file from disk on every request (open, read, close: about half of a page's cost in
  // the profile). The files of a build never change while it is served (a new build means a restart),
  // so sirv's first complete 200 answer for a path and encoding class is kept and replayed: keys are
  // paths of the build times four classes, bounded by KEEP_MAX_ANSWERS and KEEP_TOTAL_BYTES besides.
  // Range, conditional and HEAD requests always go to sirv.
  const kept = new LRUCache<string, KeptAnswer>({ max: KEEP_MAX_ANSWERS, maxSize: KEEP_TOTAL_BYTES, sizeCalculation: keptSize });
  // The headers go on before sirv runs: it answers a matching If-None-Match with a bare 304 before its
  // setHeaders hook, and a browser copies a 304's headers (the CSP among them) onto its cached page.
  const handler: StaticHandler = (request, response, next) => {
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
    if (!servable.has(pathname)) return next();
    const type = contentTypeFor(pathname);
    if (type) response.setHeader('Content-Type', type);
    const csp = type === textTypes.html ? pageCsp.get(pageKey(pathname)) : undefined;
    if (csp) response.setHeader('Content-Security-Policy', csp);
    response.setHeader('Cache-Control', cacheControlFor(pathname));
    const headers = request.headers;
    const replayable = request.method === 'GET' && !headers.range && !headers['if-none-match'] && !headers['if-modified-since'];
    const key = replayable ? `${pathname}\n${encodingClass(headers['accept-encoding'])}` : undefined;
    const answer = key === undefined ? undefined : kept.get(key);
    if (answer) {
      response.writeHead(200, answer.headers);
      response.end(answer.body);
      return;
    }
    const recording = key === undefined ? undefined : recordAnswer(response, (complete) => kept.set(key, complete));
    serve(request, response, () => {
      // Not a file: Astro answers, with its own headers.
      recording?.stop();
      response.removeHeader('Cache-Control');
      response.removeHeader('Content-Type');
      next();
    });
  };
  return Object.assign(handler, { kept: () => ({ keys: kept.size, bytes: kept.calculatedSize }) });
}
