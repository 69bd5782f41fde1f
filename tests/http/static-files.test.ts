/**
 * Prerendered files as the production server serves them (sirv over dist/client, variants written at
 * build by src/integrations/server-files.ts): Brotli and gzip when asked, ETag/304, immutable caching
 * for hashed /_astro/ files only, the discovery headers, a 404 page for a missing file, no traversal.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

const client = fileURLToPath(new URL('../../dist/client/', import.meta.url));
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request over node:http: fetch would decode the body and normalise the path. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.url}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.path = path; // exactly as written: no normalisation of dots or escapes
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const astroScript = readdirSync(`${client}_astro`).find((name) => name.endsWith('.js'))!;

describe('prerendered files', () => {
  it('sends Brotli when the client accepts it, and the bytes decode to the file', async () => {
    const answer = await raw('/cennik/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(answer.body).equals(readFileSync(`${client}cennik/index.html`))).toBe(true);
  });

  it('sends gzip to a client without Brotli and the plain file to one that asks for neither', async () => {
    const gzipped = await raw('/llms-full.txt', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(readFileSync(`${client}llms-full.txt`))).toBe(true);
    const plain = await raw('/llms-full.txt');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.body.equals(readFileSync(`${client}llms-full.txt`))).toBe(true);
  });

  it('answers 304 to a matching If-None-Match, with the page CSP kept', async () => {
    const first = await raw('/en/pricing/', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?".+"$/);
    const again = await raw('/en/pricing/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // A browser copies a 304's headers onto its cached page: the CSP must be the page's own.
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect((await raw('/en/pricing/', { 'accept-encoding': 'br', 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('caches hashed /_astro/ files for a year as immutable, and nothing else', async () => {
    const asset = await raw(`/_astro/${astroScript}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const path of ['/', '/favicon.svg', '/llms.txt', '/cennik.md']) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).not.toContain('immutable');
    }
    // A missing /_astro/ file is Astro's 404, never cached as immutable.
    const missing = await raw('/_astro/missing.0123abcd.js');
    expect(missing.status).toBe(404);
    expect(String(missing.headers['cache-control'] ?? '')).not.toContain('immutable');
  });

  it('carries the discovery headers on a static file', async () => {
    const answer = await raw('/favicon.svg');
    expect(answer.headers.link).toBe('</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt"');
    expect(answer.headers['x-llms-txt']).toBe('/llms.txt');
  });

  it('answers a missing file with the 404 page', async () => {
    const answer = await raw('/no-such-page/', { accept: 'text/html' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body.toString()).toContain('Nie znaleziono strony');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
  });

  it.each([
    '/../package.json',
    '/..%2fpackage.json',
    '/..%2f..%2fpackage.json',
    '/%2e%2e/package.json',
    '/%2e%2e%2fpackage.json',
    '/_astro/..%2f..%2f..%2fpackage.json',
    '/_astro/%2e%2e/%2e%2e/server/entry.mjs',
    '/..%5cpackage.json',
    '/%252e%252e/package.json',
  ])('does not leave the client folder for %s', async (path) => {
    const answer = await raw(path);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body.toString()).not.toContain('"name": "agent-ready-site"');
    expect(answer.body.toString()).not.toContain('createExports');
  });

  it('answers HEAD with the headers and no body', async () => {
    const answer = await raw('/llms.txt', {}, 'HEAD');
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBe(readFileSync(`${client}llms.txt`).length);
    expect(answer.body.length).toBe(0);
  });
});

/** Resident memory of the server process in MiB, from /proc/<pid>/status. */
function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

describe('the replay cache under attack', () => {
  it('does not grow with distinct Accept-Encoding headers: 6,000 requests with distinct 4 KiB headers', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const get = (path: string, acceptEncoding: string) =>
      new Promise<number>((resolve, reject) => {
        request(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding }, agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        }).on('error', reject).end();
      });
    const pages = ['/', '/en/', '/cennik/', '/llms.txt'];
    let sent = 0;
    const attack = async (requests: number) => {
      for (let batch = 0; batch < requests / 100; batch++) {
        const statuses = await Promise.all(Array.from({ length: 100 }, () => {
          const n = sent++;
          return get(pages[n % pages.length]!, `gzip, br, x-${n}-${'z'.repeat(4096)}`);
        }));
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
    };
    const start = residentMiB(server.pid);
    // The first 2,000 let the heap reach the size request parsing needs; what the next 4,000 add is what they keep.
    await attack(2000);
    const before = residentMiB(server.pid);
    await attack(4000);
    const after = residentMiB(server.pid);
    agent.destroy();
    console.log(`server RSS: ${start.toFixed(1)} MiB at start, ${before.toFixed(1)} MiB after 2,000 distinct 4 KiB Accept-Encoding headers, ${after.toFixed(1)} MiB after 4,000 more (+${(after - before).toFixed(1)} MiB)`);
    // Kept per raw header, each request keeps its page with its headers and key (about 40 KiB): 150+ MiB for 4,000.
    expect(after - before).toBeLessThan(16);
  });
});
