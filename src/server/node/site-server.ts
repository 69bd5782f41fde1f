/**
 * The production HTTP server: node:http in front of Astro's handler (@astrojs/node, middleware mode).
 * Per connection: at most MAX_CONNECTIONS in all and MAX_CONNECTIONS_PER_ADDRESS from one client
 * address (more are closed at once), and deadlines for the headers, the whole request and idling.
 * Per request, in order:
 * 1. a Content-Length over the largest body any endpoint reads answers 413 at once, body unread;
 * 2. methods the Fetch API cannot represent (TRACE, TRACK, CONNECT) answer 405 with Allow here:
 *    Astro would build a Request that Node refuses and answer 500;
 * 3. GET/HEAD of a prerendered file: sirv, from its in-memory index (static-files.ts);
 * 4. everything else: Astro (one routing system), small bodies read whole first, with one log line
 *    when the response is done;
 * 5. every answer gets the headers every response carries (discovery, security) with its status line
 *    (SiteResponse.writeHead).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { fault } from '../base/errors.ts';
import { largestBodyBytes, smallestBodyBytes } from '../http/body-limits.ts';
import { clientIp, rateLimitKey } from '../http/client-ip.ts';
import { discoveryHeaders } from '../http/discovery-headers.mjs';
import { securityHeaders } from '../http/security-headers.mjs';
import { routePaths } from '../base/urls.ts';
import { createStaticHandler, readPageCsp } from './static-files.ts';

export type AstroHandler = (request: IncomingMessage, response: ServerResponse, next?: () => void, locals?: object) => void | Promise<void>;

/** What Astro's middleware tells the request log (src/middleware.ts writes it into locals). */
export interface RequestLocals {
  requestId?: string;
  rateLimitFamily?: string;
  /** The middleware's headers for this answer, lower-case names (src/env.d.ts App.Locals). */
  responseHeaders?: Record<string, string>;
}

export interface SiteServerOptions {
  astro: AstroHandler;
  clientDir: string;
  /** dist/_headers.json: Astro's CSP of each prerendered page. */
  headersFile: string;
  siteUrl: string;
  logger: Logger;
  /** Settings MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS and TRUST_PROXY. */
  connections: { max: number; perAddress: number; trustProxy: number };
}

/**
 * How long an idle kept-alive connection stays open: 30 s, not Node's 5 s. A client reuses a connection
 * until shortly before the server's announced timeout, and a busy client that sends just as the server
 * closes gets "other side closed" for a request the server never read (Node fetch does not retry it).
 * A longer timeout makes that moment rare; idle sockets cost a descriptor each, which the connection
 * caps bound.
 */
const KEEP_ALIVE_MS = 30_000;
/**
 * How long a client may take to send a request's headers (also the first request's, from the moment it
 * connects: a connection that sends nothing is closed then). A browser sends them in one packet.
 */
const HEADERS_MS = 15_000;
/** How long a client may take to send a whole request, body included (the largest, 128 KiB, at 5 KiB/s). */
const REQUEST_MS = 30_000;
/** How often Node looks for connections past those two deadlines (its default, 30 s, would double them). */
const DEADLINE_CHECK_MS = 2_000;
/** One log line per this interval at most about connections refused at a cap. */
const REFUSAL_LOG_MS = 60_000;
/** Methods Node parses but `new Request()` refuses (Fetch "forbidden methods"). */
const unrepresentable = new Set(['CONNECT', 'TRACE', 'TRACK']);
const allowed = 'GET, HEAD, POST, OPTIONS';

/** The catalogue's ErrorResponse, answered here because Astro never sees these methods. */
const methodNotAllowedBody = (method: string) => JSON.stringify(fault('method_not_allowed.method', { method, allow: allowed }).toBody());

/**
 * Bodies of at most this many bytes, by their Content-Length, are read here in one piece and handed to
 * Astro as bytes (its adapter takes `request.body` when set): cheaper than Astro turning the request
 * into a web stream that the endpoint then reads back. No endpoint refuses a body this small, so nothing
 * waits here for a body its endpoint would refuse by its length: larger or chunked bodies stream to
 * Astro, whose endpoints refuse them by their Content-Length before reading.
 */
const PREREAD_BYTES = smallestBodyBytes;

/** The catalogue's ErrorResponse for a body no endpoint would read. */
const tooLargeBody = JSON.stringify(fault('payload_too_large.limit', { limit: largestBodyBytes }).toBody());

/** Whether the request declares a body larger than any endpoint reads. */
const declaresTooLarge = (request: IncomingMessage) => Number(request.headers['content-length']) > largestBodyBytes;

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
  // Lower-case names: Astro hands writeHead lower-case names, and one header must not go out twice.
  const common = Object.entries({ ...discoveryHeaders, ...securityHeaders(options.siteUrl) }).map(([name, value]) => [name.toLowerCase(), value] as const);
  const notFoundCsp = pageCsp.get(routePaths.notFound);
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

  /**
   * Every answer's headers go in with its status line: the common ones (discovery, security), those
   * the middleware adds for this request (request id, rate limit, CORS), and, on a missing page's 404,
   * the 404 page's own CSP (Astro answers it with the prerendered file but without its header). Merged
   * into the object given to writeHead rather than set one by one beforehand: Node takes its fast path
   * when nothing was set before, and the answer's own headers win over these defaults.
   */
  class SiteResponse extends http.ServerResponse<IncomingMessage> {
    /** Set when the request goes to Astro: what its log line needs. */
    answeredByAstro?: { started: number; locals: RequestLocals };

    writeHead(statusCode: number, ...rest: unknown[]): this {
      const last = rest[rest.length - 1];
      if (Array.isArray(last)) {
        // Raw header pairs (nobody here sends them): the common headers the slow way.
        for (const [name, value] of common) if (!this.hasHeader(name)) this.setHeader(name, value);
        return (super.writeHead as (...args: unknown[]) => this)(statusCode, ...rest);
      }
      const given = last && typeof last === 'object' ? (last as http.OutgoingHttpHeaders) : undefined;
      const headers: http.OutgoingHttpHeaders = given ?? {};
      // Headers set before (sirv's, a page's CSP) win too.
      const preset = this.getHeaders();
      const add = (name: string, value: string) => {
        if (headers[name] === undefined && preset[name] === undefined) headers[name] = value;
      };
      const extra = this.answeredByAstro?.locals.responseHeaders;
      if (extra) for (const name in extra) add(name, extra[name]!);
      for (const [name, value] of common) add(name, value);
      if (statusCode === 404 && notFoundCsp && String(headers['content-type'] ?? '').startsWith('text/html')) {
        add('content-security-policy', notFoundCsp);
      }
      const args = given ? rest.slice(0, -1) : rest;
      return (super.writeHead as (...args: unknown[]) => this)(statusCode, ...args, headers);
    }
  }

  const toAstro = (request: IncomingMessage, response: SiteResponse) => {
    const locals: RequestLocals = { responseHeaders: {} };
    response.answeredByAstro = { started: performance.now(), locals };
    return astro(request, response, undefined, locals);
  };

  function handle(request: IncomingMessage, response: SiteResponse) {
    active++;
    response.once('close', finished);
    if (closing) response.setHeader('Connection', 'close');
    if (declaresTooLarge(request)) {
      // Answered before a byte of the body is read; the connection goes with it, body and all.
      response.writeHead(413, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(tooLargeBody),
        'Cache-Control': 'no-store',
        Connection: 'close',
      });
      response.end(tooLargeBody);
      return;
    }
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
  }

  const server = http.createServer(
    {
      ServerResponse: SiteResponse,
      headersTimeout: HEADERS_MS,
      requestTimeout: REQUEST_MS,
      keepAliveTimeout: KEEP_ALIVE_MS,
      connectionsCheckingInterval: DEADLINE_CHECK_MS,
    },
    handle,
  );
  // `Expect: 100-continue`: the client waits for a go-ahead before sending the body; a body too large
  // gets its 413 instead.
  server.on('checkContinue', (request: IncomingMessage, response: SiteResponse) => {
    if (!declaresTooLarge(request)) response.writeContinue();
    handle(request, response);
  });
  limitConnections(server, options.connections, logger);

  return {
    server,
    inFlight: () => active,
    draining: () => {
      closing = true;
    },
  };
}

/**
 * The connection caps. The total is Node's own (`maxConnections`: a connection past it is closed as it
 * arrives). The per-address one counts open connections by the socket's address, IPv6 by /64 as the
 * rate limits do, and closes at once one past the cap, before a byte of it is read: one client holding
 * idle connections cannot take every descriptor from the others. Behind a proxy (TRUST_PROXY above 0)
 * every connection comes from the proxy's address, so no per-address cap applies here (it would be a
 * second total cap); the proxy caps its clients, and the total cap still holds.
 */
function limitConnections(server: http.Server, caps: SiteServerOptions['connections'], logger: Logger) {
  server.maxConnections = caps.max;
  let refused = 0;
  let lastLog = 0;
  const refusedOne = (reason: string, address: string) => {
    refused++;
    const now = Date.now();
    if (now - lastLog < REFUSAL_LOG_MS) return;
    lastLog = now;
    logger.warn({ reason, address, refused }, 'connections refused at a cap (MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS)');
    refused = 0;
  };
  server.on('drop', (dropped?: { remoteAddress?: string }) => refusedOne('total', dropped?.remoteAddress ?? 'unknown'));
  if (caps.trustProxy > 0 || caps.perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    // No peer address (reset as it arrived, or the kernel cannot name it): it cannot be counted, so it
    // is not kept — an uncounted connection would slip past the cap.
    if (!socket.remoteAddress) {
      socket.destroy();
      return;
    }
    const key = rateLimitKey(clientIp(socket.remoteAddress, null, 0));
    const count = open.get(key) ?? 0;
    if (count >= caps.perAddress) {
      socket.destroy();
      refusedOne('per address', key);
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = open.get(key)! - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
