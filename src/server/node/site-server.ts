/**
 * The production HTTP server: node:http in front of Astro's handler (@astrojs/node, middleware mode).
 * Per request, in order:
 * 1. the headers every response carries (discovery, security), set once from precomputed pairs;
 * 2. methods the Fetch API cannot represent (TRACE, TRACK, CONNECT) answer 405 with Allow here:
 *    Astro would build a Request that Node refuses and answer 500;
 * 3. GET/HEAD of a prerendered file: sirv, from its in-memory index (static-files.ts);
 * 4. everything else: Astro (one routing system), with one log line when the response is done.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { discoveryHeaders } from '../http/discovery-headers.mjs';
import { securityHeaders } from '../http/security-headers.mjs';
import { createStaticHandler, readPageCsp } from './static-files.ts';

export type AstroHandler = (request: IncomingMessage, response: ServerResponse, next?: () => void, locals?: object) => void | Promise<void>;

/** What Astro's middleware tells the request log (src/middleware.ts writes it into locals). */
export interface RequestLocals {
  requestId?: string;
  rateLimitFamily?: string;
}

export interface SiteServerOptions {
  astro: AstroHandler;
  clientDir: string;
  /** dist/_headers.json: Astro's CSP of each prerendered page. */
  headersFile: string;
  siteUrl: string;
  logger: Logger;
}

/** Methods Node parses but `new Request()` refuses (Fetch "forbidden methods"). */
const unrepresentable = new Set(['CONNECT', 'TRACE', 'TRACK']);
const allowed = 'GET, HEAD, POST, OPTIONS';

/** The error model's body (src/server/errors.ts ErrorResponse), written here because Astro never sees these. */
const methodNotAllowedBody = (method: string) =>
  JSON.stringify({
    error: {
      code: 'method_not_allowed',
      message: `The method ${method} is not allowed here.`,
      hint: `Use one of ${allowed}.`,
      retryable: false,
    },
  });

export interface SiteServer {
  server: http.Server;
  /** Requests being answered now. */
  inFlight: () => number;
  /** From now on every response asks the client to close its connection. */
  draining: () => void;
}

export function createSiteServer(options: SiteServerOptions): SiteServer {
  const { astro, logger } = options;
  const pageCsp = readPageCsp(options.headersFile);
  const serveStatic = createStaticHandler(options.clientDir, pageCsp);
  const common = Object.entries({ ...discoveryHeaders, ...securityHeaders(options.siteUrl) });
  // Astro answers a missing page with the prerendered 404 file, without its CSP: give it the page's own.
  const notFoundCsp = pageCsp.get('/404');
  const logRequests = logger.isLevelEnabled('info');
  let active = 0;
  let closing = false;

  const toAstro = (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const locals: RequestLocals = {};
    if (notFoundCsp) {
      const writeHead = response.writeHead;
      response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
        const headers = args[1];
        if (args[0] === 404 && headers && typeof headers === 'object' && !Array.isArray(headers)) {
          const type = String((headers as http.OutgoingHttpHeaders)['content-type'] ?? '');
          if (type.startsWith('text/html') && !(headers as http.OutgoingHttpHeaders)['content-security-policy']) {
            (headers as http.OutgoingHttpHeaders)['content-security-policy'] = notFoundCsp;
          }
        }
        return writeHead.apply(this, args);
      } as ServerResponse['writeHead'];
    }
    if (logRequests) {
      response.once('close', () => {
        logger.info({
          method: request.method,
          path: request.url?.split('?', 1)[0],
          status: response.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          requestId: locals.requestId,
          family: locals.rateLimitFamily,
          ...(response.writableFinished ? {} : { aborted: true }),
        });
      });
    }
    return astro(request, response, undefined, locals);
  };

  const server = http.createServer((request, response) => {
    active++;
    response.once('close', () => active--);
    for (const [name, value] of common) response.setHeader(name, value);
    if (closing) response.setHeader('Connection', 'close');
    const method = request.method ?? 'GET';
    if (unrepresentable.has(method)) {
      const body = methodNotAllowedBody(method);
      response.writeHead(405, {
        Allow: allowed,
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      response.end(body);
      request.resume();
      return;
    }
    if (method === 'GET' || method === 'HEAD') serveStatic(request, response, () => void toAstro(request, response));
    else void toAstro(request, response);
  });

  return {
    server,
    inFlight: () => active,
    draining: () => {
      closing = true;
    },
  };
}
