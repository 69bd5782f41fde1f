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
  /** The middleware writes its headers here (src/env.d.ts App.Locals). */
  nodeResponse?: ServerResponse;
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

/**
 * Bodies of at most this many bytes, by their Content-Length, are read here in one piece and handed to
 * Astro as bytes (its adapter takes `request.body` when set): cheaper than Astro turning the request
 * into a web stream that the endpoint then reads back. The endpoints' own limits are smaller; larger
 * or chunked bodies stream to Astro as before, so those limits still refuse them early.
 */
const PREREAD_BYTES = 64 * 1024;

/** Reads a small body (HTTP framing holds it to its Content-Length), then calls `then`. */
function readWhole(request: IncomingMessage & { body?: Buffer }, then: () => void) {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.once('end', () => {
    request.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    then();
  });
  // A client that hangs up mid-body gets no answer; the response's 'close' listener counts it done.
  request.once('error', () => {});
}

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
  const notFoundCsp = pageCsp.get('/404');
  const logRequests = logger.isLevelEnabled('info');
  let active = 0;
  let closing = false;

  /** One 'close' listener for every response: the count of requests in flight, and the log line. */
  function finished(this: SiteResponse) {
    active--;
    const answered = this.answeredByAstro;
    if (!answered || !logRequests) return;
    logger.info({
      method: this.req.method,
      path: this.req.url?.split('?', 1)[0],
      status: this.statusCode,
      ms: Math.round((performance.now() - answered.started) * 10) / 10,
      requestId: answered.locals.requestId,
      family: answered.locals.rateLimitFamily,
      ...(this.writableFinished ? {} : { aborted: true }),
    });
  }

  class SiteResponse extends http.ServerResponse<IncomingMessage> {
    /** Set when the request goes to Astro: what its log line needs. */
    answeredByAstro?: { started: number; locals: RequestLocals };

    // Astro answers a missing page with the prerendered 404 file, without its CSP: give it the page's own.
    writeHead(statusCode: number, ...rest: unknown[]): this {
      const headers = rest[rest.length - 1];
      if (statusCode === 404 && notFoundCsp && headers && typeof headers === 'object' && !Array.isArray(headers)) {
        const outgoing = headers as http.OutgoingHttpHeaders;
        if (String(outgoing['content-type'] ?? '').startsWith('text/html') && !outgoing['content-security-policy']) {
          outgoing['content-security-policy'] = notFoundCsp;
        }
      }
      return (super.writeHead as (...args: unknown[]) => this)(statusCode, ...rest);
    }
  }

  const toAstro = (request: IncomingMessage, response: SiteResponse) => {
    const locals: RequestLocals = { nodeResponse: response };
    response.answeredByAstro = { started: performance.now(), locals };
    return astro(request, response, undefined, locals);
  };

  const server = http.createServer({ ServerResponse: SiteResponse }, (request, response) => {
    active++;
    response.once('close', finished);
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
    else if (Number(request.headers['content-length']) <= PREREAD_BYTES) readWhole(request, () => void toAstro(request, response));
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
