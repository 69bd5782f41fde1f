/**
 * Security headers on every kind of response of the built server (src/server/http/security-headers.mjs):
 * a prerendered page, an on-demand page, a static asset, an API answer, an error and a 405 answered
 * before Astro. Pages carry Astro's CSP with hashes (no 'unsafe-inline' for scripts); everything else
 * a CSP that allows nothing. HSTS only when SITE_URL is https. Cross-Origin-Opener-Policy only on the
 * pages that ask for it (the consent page, pages opened from a mail link; their own tests check it).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let https: TestServer;

beforeAll(async () => {
  [server, https] = await Promise.all([startServer(), startServer({ SITE_URL: 'https://www.pracownia.test' })]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), https?.stop()]);
});

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

function expectCommon(response: Response, what: string): void {
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy'), what).toContain('camera=()');
  expect(response.headers.get('x-frame-options'), what).toBe('DENY');
  expect(response.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
  expect(response.headers.get('strict-transport-security'), what).toBeNull();
  const csp = directives(response.headers.get('content-security-policy'));
  expect(csp.get('frame-ancestors'), what).toBe("'none'");
  expect(csp.get('script-src') ?? csp.get('default-src'), what).not.toContain("'unsafe-inline'");
  expect(csp.get('default-src') ?? csp.get('script-src'), what).not.toContain('*');
}

describe('security headers', () => {
  it('a prerendered page has the headers and a CSP with script hashes, no unsafe-inline for scripts', async () => {
    const response = await fetch(`${server.url}/en/services/`);
    expect(response.status).toBe(200);
    expectCommon(response, 'page');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
    // Only pages that hold something of the visitor's cut themselves off from their opener.
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('every inline script of a page is allowed by a hash of its CSP', async () => {
    const response = await fetch(`${server.url}/konsultacja/`);
    const html = await response.text();
    const allowed = directives(response.headers.get('content-security-policy')).get('script-src') ?? '';
    // JSON-LD blocks are data the browser never runs: the CSP does not apply to them.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script))).toString('base64');
      expect(allowed, script.slice(0, 80)).toContain(`'sha256-${digest}'`);
    }
  });

  it('an on-demand page (/status/) has them too', async () => {
    const response = await fetch(`${server.url}/status/`);
    expect(response.status).toBe(200);
    expectCommon(response, 'status page');
  });

  it('a static asset has them, with a CSP that allows nothing', async () => {
    const response = await fetch(`${server.url}/favicon.svg`);
    expect(response.status).toBe(200);
    expectCommon(response, 'favicon');
    expect(directives(response.headers.get('content-security-policy')).get('default-src')).toBe("'none'");
  });

  it('an API answer has them', async () => {
    const response = await fetch(`${server.url}/api`);
    expect(response.status).toBe(200);
    expectCommon(response, 'api');
    expect(directives(response.headers.get('content-security-policy')).get('default-src')).toBe("'none'");
  });

  it('an error answer has them', async () => {
    const response = await fetch(`${server.url}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(response.status).toBe(400);
    expectCommon(response, 'error');
    const notFound = await fetch(`${server.url}/api/no-such-endpoint`);
    expect(notFound.status).toBe(404);
    expectCommon(notFound, '404');
  });

  // (TRACK never gets this far: Node's HTTP parser answers it 400 itself.)
  it('TRACE answers 405 with Allow and the error model, before Astro, with the headers', async () => {
    const { request } = await import('node:http');
    for (const method of ['TRACE']) {
      const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const outgoing = request(`${server.url}/api/subscribe`, { method, agent: false }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(answer.body)).toEqual({ error: expect.objectContaining({ code: 'method_not_allowed', retryable: false }) });
    }
    expect(server.output()).not.toMatch(/TypeError|at .*\.js:\d+/);
  });

  it('with an https SITE_URL, every response also carries HSTS', async () => {
    for (const path of ['/', '/favicon.svg', '/api', '/api/no-such-endpoint']) {
      const response = await fetch(`${https.url}${path}`);
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
    }
  });
});

describe('header lines', () => {
  /** The raw header lines of one answer (fetch would join repeated names into one value). */
  const rawNames = (path: string, method = 'GET') =>
    new Promise<string[]>((resolve, reject) => {
      const request = httpRequest(`${server.url}${path}`, { method }, (response) => {
        response.resume();
        resolve(response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()));
      });
      request.on('error', reject);
      request.end();
    });

  it('sends each header once, on static files, pages, API answers, preflights and errors', async () => {
    for (const [path, method] of [['/cennik/'], ['/llms.txt'], ['/api/consultation/slots'], ['/ask', 'OPTIONS'], ['/nie-ma-takiej-strony/'], ['/api/subscribe', 'TRACE']] as const) {
      const names = await rawNames(path, method);
      expect(names, `${method ?? 'GET'} ${path}`).toContain('link');
      expect(names.filter((name, index) => names.indexOf(name) !== index), `${method ?? 'GET'} ${path}`).toEqual([]);
    }
  });
});
