/**
 * The BUILT server's connection and body limits over real sockets (src/server/node/site-server.ts):
 * - 2,000 idle connections from one address keep only MAX_CONNECTIONS_PER_ADDRESS of them, and a
 *   bystander from another address (127.0.0.2, also loopback on Linux) is served at once;
 * - behind a proxy (TRUST_PROXY=1) the per-address cap gives way to the total cap alone;
 * - a body declared larger than any endpoint reads is refused with 413 before it is sent (also instead
 *   of `100 Continue`), and one larger than its endpoint reads (40 KB to /api/contact) too, without
 *   waiting for the body.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestBodyBytes } from '../../src/server/http/body-limits';
import { startServer, type TestServer } from '../support/server';

const PER_ADDRESS = 64;

/** Opens `count` connections that send nothing; resolves once each is connected or already closed. */
async function idleConnections(port: number, count: number): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  await Promise.all(
    Array.from({ length: count }, () => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      sockets.push(socket);
      socket.on('error', () => {});
      return new Promise<void>((resolve) => {
        socket.once('connect', () => resolve());
        socket.once('close', () => resolve());
      });
    }),
  );
  return sockets;
}

const open = (sockets: net.Socket[]) => sockets.filter((socket) => !socket.destroyed && socket.readyState === 'open').length;

/**
 * How many of the connections the server keeps. Counting the client's open sockets is not enough:
 * under a burst the kernel may answer a handshake with a SYN cookie and then drop it while the
 * server's accept queue is full, which leaves a socket the client thinks open and the server never
 * saw. So once the count has settled (unchanged for a second, or after 10 s), every socket still
 * open sends a request: the ones the server kept answer it, the others are reset or closed.
 */
async function kept(sockets: net.Socket[]): Promise<number> {
  let last = open(sockets);
  let unchanged = 0;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline && unchanged < 2; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = open(sockets);
    unchanged = now === last ? unchanged + 1 : 0;
    last = now;
  }
  const answers = await Promise.all(
    sockets
      .filter((socket) => !socket.destroyed && socket.readyState === 'open')
      .map(
        (socket) =>
          new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), 10_000);
            socket.once('data', (chunk: Buffer) => (clearTimeout(timer), resolve(chunk.toString('latin1').startsWith('HTTP/1.1 '))));
            socket.once('close', () => (clearTimeout(timer), resolve(false)));
            socket.write('GET /llms.txt HTTP/1.1\r\nHost: localhost\r\n\r\n');
          }),
      ),
  );
  return answers.filter(Boolean).length;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One request on a new connection; `declaredLength` is sent as Content-Length and no body follows. */
function request(server: TestServer, path: string, options: { localAddress?: string; method?: string; declaredLength?: number } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        agent: false,
        headers: options.declaredLength === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': options.declaredLength },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body, ms: performance.now() - started }));
      },
    );
    outgoing.on('error', reject);
    // Headers only: the body a client declared and never sends.
    if (options.declaredLength === undefined) outgoing.end();
    else outgoing.flushHeaders();
  });
}

describe('connection caps and body limits of the built server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({});
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps 64 of 2,000 idle connections from one address and serves a bystander at once', async () => {
    const sockets = await idleConnections(server.port, 2_000);
    try {
      expect(await kept(sockets)).toBe(PER_ADDRESS);
      const bystander = await request(server, '/', { localAddress: '127.0.0.2' });
      expect(bystander.status).toBe(200);
      expect(bystander.ms).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    // Their places are free again once they are gone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await request(server, '/')).status).toBe(200);
  }, 60_000);

  it('refuses a 10 MB body with 413 before it is sent, and closes the connection', async () => {
    const answer = await request(server, '/api/contact', { method: 'POST', declaredLength: 10 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body).error).toMatchObject({ code: 'payload_too_large', retryable: false });
    expect(answer.body).toContain(String(largestBodyBytes / 1024));
    expect(answer.ms).toBeLessThan(2_000);
  });

  it('answers 413 instead of 100 Continue to a client that asks before sending a 10 MB body', async () => {
    const outcome = await new Promise<{ continued: boolean; status: number }>((resolve, reject) => {
      let continued = false;
      const outgoing = http.request({
        host: '127.0.0.1',
        port: server.port,
        path: '/api/chat',
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': 10 * 1024 * 1024, Expect: '100-continue' },
      });
      outgoing.on('continue', () => (continued = true));
      outgoing.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve({ continued, status: response.statusCode! }));
      });
      outgoing.on('error', reject);
      outgoing.flushHeaders();
    });
    expect(outcome).toEqual({ continued: false, status: 413 });
  });

  it('refuses at once a body larger than its endpoint reads, without waiting for it', async () => {
    const answer = await request(server, '/api/contact', { method: 'POST', declaredLength: 40_000 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('payload_too_large');
    expect(answer.ms).toBeLessThan(2_000);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '1', MAX_CONNECTIONS: '100' });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('applies the total cap, not the per-address one, to the proxy\'s connections', async () => {
    const sockets = await idleConnections(server.port, 150);
    try {
      expect(await kept(sockets)).toBe(100);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  }, 60_000);
});
