import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor, createStaticHandler, encodingClass, KEEP_FILE_BYTES, pageKey, servablePaths, type KeepingStaticHandler } from '../../src/server/node/static-files';

describe('static file headers', () => {
  it('caches only hashed /_astro/ files as immutable', () => {
    expect(cacheControlFor('/_astro/client.BJ1P7V63.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/')).toBe('no-cache');
    expect(cacheControlFor('/favicon.svg')).toBe('no-cache');
    expect(cacheControlFor('/en/_astro/x.js')).toBe('no-cache');
  });

  it('gives text files their charset and directory pages HTML', () => {
    expect(contentTypeFor('/cennik/')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/cennik')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/cennik.md')).toBe('text/markdown; charset=utf-8');
    expect(contentTypeFor('/llms.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeFor('/.well-known/agent-instructions.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('/favicon.svg')).toBeUndefined();
  });

  it("finds a page's key in Astro's headers file however the path is written", () => {
    expect(pageKey('/')).toBe('/');
    expect(pageKey('/index.html')).toBe('/');
    expect(pageKey('/uslugi/')).toBe('/uslugi');
    expect(pageKey('/uslugi/index.html')).toBe('/uslugi');
    expect(pageKey('/404.html')).toBe('/404');
  });
});

describe('static answers kept in memory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'static-'));
  writeFileSync(join(dir, 'page.html'), '<p>first</p>');
  writeFileSync(join(dir, 'page.html.br'), brotliCompressSync('<p>first, compressed</p>'));
  writeFileSync(join(dir, 'page.html.gz'), gzipSync('<p>first, gzipped</p>'));
  writeFileSync(join(dir, 'big.txt'), 'a'.repeat(KEEP_FILE_BYTES + 1));
  let server: Server;
  let base: string;
  let astroCalls = 0;
  let serve: KeepingStaticHandler;
  beforeAll(async () => {
    serve = createStaticHandler(dir, new Map());
    server = createServer((request, response) =>
      serve(request, response, () => {
        astroCalls++;
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not a file');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

  it('replays the first complete answer per path and Accept-Encoding, with the same headers', async () => {
    const first = await get('/page.html');
    const firstHeaders = Object.fromEntries(first.headers);
    expect(await first.text()).toBe('<p>first</p>');
    const brotli = await fetch(`${base}/page.html`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    // The build's files never change while served: a change on disk proves the next answers come from memory.
    writeFileSync(join(dir, 'page.html'), '<p>other</p>');
    writeFileSync(join(dir, 'page.html.br'), brotliCompressSync('<p>other, compressed</p>'));
    const again = await get('/page.html');
    expect(await again.text()).toBe('<p>first</p>');
    const { date: _a, ...expected } = firstHeaders;
    const { date: _b, ...replayed } = Object.fromEntries(again.headers);
    expect(replayed).toEqual(expected);
    const brotliAgain = await fetch(`${base}/page.html`, { headers: { 'accept-encoding': 'br' } });
    expect(await brotliAgain.text()).toBe('<p>first, compressed</p>');
    // Range and conditional requests always reach sirv (and the disk).
    const range = await get('/page.html', { range: 'bytes=0-11' });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('<p>other</p>');
    expect((await get('/page.html', { 'if-none-match': firstHeaders.etag! })).status).toBe(304);
  });

  it('keeps neither large files nor answers that were not a file', async () => {
    expect((await get('/big.txt')).status).toBe(200);
    writeFileSync(join(dir, 'big.txt'), 'b'.repeat(KEEP_FILE_BYTES + 1));
    expect((await (await get('/big.txt')).text())[0]).toBe('b');
    await get('/missing');
    await get('/missing');
    expect(astroCalls).toBe(2);
  });

  it('keeps one answer per path and encoding class however many distinct Accept-Encoding headers arrive', async () => {
    const before = serve.kept();
    // The attack: 2,000 distinct 4 KiB headers, each naming br, gzip, both or neither among junk.
    const classes = ['br', 'gzip', 'br, gzip', 'identity'];
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(Array.from({ length: 100 }, async (_, index) => {
        const n = batch * 100 + index;
        const header = `${classes[n % 4]}, x-${n}-${'z'.repeat(4096)}`;
        const answer = await fetch(`${base}/page.html`, { headers: { 'accept-encoding': header } });
        await answer.arrayBuffer();
        expect(answer.headers.get('content-encoding') ?? 'identity').toBe(n % 4 === 1 ? 'gzip' : n % 4 === 3 ? 'identity' : 'br');
      }));
    }
    const after = serve.kept();
    console.log(`replay cache after 2,000 distinct 4 KiB Accept-Encoding headers: ${before.keys} → ${after.keys} keys, ${before.bytes} → ${after.bytes} bytes`);
    // /page.html (4 classes) and /big.txt never kept: at most 4 keys, each with a short key and a small body.
    expect(after.keys).toBeLessThanOrEqual(4);
    expect(after.bytes).toBeLessThan(16 * 1024);
  });
});

describe('encoding classes', () => {
  it("follow sirv's own negotiation, so a kept answer is the variant sirv would serve", () => {
    expect(encodingClass('gzip, deflate, br, zstd')).toBe('br+gzip');
    expect(encodingClass('BR')).toBe('br');
    expect(encodingClass('x-gzip')).toBe('gzip');
    expect(encodingClass('identity')).toBe('identity');
    expect(encodingClass(undefined)).toBe('identity');
    expect(encodingClass(`deflate, ${'q'.repeat(4096)}`)).toBe('identity');
  });
});

describe('paths that can be files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'servable-'));
  for (const file of ['index.html', 'a/index.html', 'b.html', 'c.md', 'e.htm', 'only.txt.br', 'page.html.gz', '.well-known/x.json', 'og/x.png']) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), 'x');
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Whether sirv itself answers the path (it calls next() when it has no such file). */
  const sirvAnswers = (path: string) =>
    new Promise<boolean>((resolve) => {
      const serve = sirv(dir, { dev: false, etag: true, brotli: true, gzip: true, dotfiles: false });
      const response = Object.assign(new ServerResponse(new IncomingMessage(new Socket())), { end: () => resolve(true) });
      const request = Object.assign(new IncomingMessage(new Socket()), { url: path, method: 'GET', headers: { 'accept-encoding': 'br, gzip' } });
      serve(request, response, () => resolve(false));
    });

  it('include every path sirv answers, so skipping sirv for the others changes nothing', async () => {
    const servable = servablePaths(dir);
    const candidates = ['/', '/index', '/index.html', '/a', '/a/', '/a/index', '/a/index.html', '/b', '/b/', '/b.html', '/c.md', '/c', '/e', '/e.htm', '/only.txt', '/page', '/page.html', '/.well-known/x.json', '/og/x.png'];
    for (const path of candidates) {
      if (await sirvAnswers(path)) expect(servable.has(path), path).toBe(true);
    }
    expect((await Promise.all(candidates.map(sirvAnswers))).filter(Boolean).length).toBeGreaterThanOrEqual(15);
  });

  it('leave out on-demand routes and paths with no file behind them', () => {
    const servable = servablePaths(dir);
    for (const path of ['/api/subscribe', '/mcp', '/a/b', '/status/', '/og/y.png', '/c.txt']) expect(servable.has(path), path).toBe(false);
  });
});
