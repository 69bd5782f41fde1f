/**
 * Bad input over every endpoint: each answers its documented 4xx with an ErrorResponse naming the
 * field, never a 500. One built server (embedded outbox and list); every answer is checked against
 * the served /openapi.json.
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiChecker, type OpenApiChecker } from '../support/openapi';
import { TEST_RATE_LIMIT } from '../support/server';
import { sharedServer } from '../support/shared-server';

const server = sharedServer();
let api: OpenApiChecker;
beforeAll(async () => {
  api = await openApiChecker(server.url);
});

const valid = {
  '/api/subscribe': { email: 'anna@example.org', consent: true },
  '/api/newsletter/unsubscribe': { email: 'anna@example.org' },
  '/api/contact': { name: 'Anna', email: 'anna@example.org', message: 'Dzień dobry, mamy pytanie.' },
} as const;
type Path = keyof typeof valid;
const paths = Object.keys(valid) as Path[];

interface Case {
  name: string;
  body: string | Uint8Array;
  contentType?: string;
  status: number;
  code: string;
  /** A word the message must contain (the field at fault). */
  mentions?: string;
}

const json = (value: unknown) => JSON.stringify(value);
const common: Case[] = [
  { name: 'malformed JSON', body: '{"email": ', status: 400, code: 'invalid_json' },
  { name: 'an empty body', body: '', status: 400, code: 'invalid_json' },
  { name: 'JSON null', body: 'null', status: 400, code: 'validation_failed', mentions: 'object' },
  { name: 'a JSON array', body: '[1,2]', status: 400, code: 'validation_failed', mentions: 'array' },
  { name: 'a JSON number', body: '42', status: 400, code: 'validation_failed', mentions: 'object' },
  { name: 'a JSON string', body: '"hello"', status: 400, code: 'validation_failed', mentions: 'object' },
  { name: 'a body that is not UTF-8', body: new Uint8Array([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), status: 400, code: 'invalid_json', mentions: 'UTF-8' },
  { name: 'text/plain', body: '{}', contentType: 'text/plain', status: 415, code: 'unsupported_media_type', mentions: 'text/plain' },
  { name: 'no Content-Type', body: '{}', contentType: '', status: 415, code: 'unsupported_media_type' },
  { name: 'a latin1 charset', body: '{}', contentType: 'application/json; charset=iso-8859-1', status: 415, code: 'unsupported_media_type', mentions: 'iso-8859-1' },
  { name: 'a body over 32 KiB', body: json({ email: 'a@b.pl', pad: 'x'.repeat(40_000) }), status: 413, code: 'payload_too_large', mentions: '32 KiB' },
];

const specific: Record<Path, Array<{ name: string; body: Record<string, unknown>; field: string }>> = {
  '/api/subscribe': [
    { name: 'no email', body: { consent: true }, field: 'email' },
    { name: 'an email that is a number', body: { email: 42, consent: true }, field: 'email' },
    { name: 'an address without @', body: { email: 'anna.example.org', consent: true }, field: 'email' },
    { name: 'no consent', body: { email: 'anna@example.org' }, field: 'consent' },
    { name: 'consent false', body: { email: 'anna@example.org', consent: false }, field: 'consent' },
    { name: 'consent "true" as a string', body: { email: 'anna@example.org', consent: 'true' }, field: 'consent' },
    { name: 'an unknown locale', body: { email: 'anna@example.org', consent: true, locale: 'de' }, field: 'locale' },
  ],
  '/api/newsletter/unsubscribe': [
    { name: 'no email', body: {}, field: 'email' },
    { name: 'an email that is an object', body: { email: { address: 'a@b.pl' } }, field: 'email' },
  ],
  '/api/contact': [
    { name: 'no name', body: { email: 'anna@example.org', message: 'Dzień dobry, pytanie.' }, field: 'name' },
    { name: 'a one-letter name', body: { name: 'A', email: 'anna@example.org', message: 'Dzień dobry, pytanie.' }, field: 'name' },
    { name: 'no email', body: { name: 'Anna', message: 'Dzień dobry, pytanie.' }, field: 'email' },
    { name: 'a short message', body: { name: 'Anna', email: 'anna@example.org', message: 'Hej' }, field: 'message' },
    { name: 'a message that is a list', body: { name: 'Anna', email: 'anna@example.org', message: ['a'] }, field: 'message' },
    { name: 'a topic that is a number', body: { name: 'Anna', email: 'anna@example.org', message: 'Dzień dobry, pytanie.', topic: 7 }, field: 'topic' },
  ],
};

async function post(path: string, body: string | Uint8Array, contentType = 'application/json'): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: contentType ? { 'Content-Type': contentType } : {},
    body: (typeof body === 'string' && !contentType ? new Blob([body]) : body) as BodyInit,
  });
}

async function expectError(path: Path, response: Response, status: number, code: string, mentions?: string) {
  const body = await api.check('POST', path, response);
  expect(response.status).toBe(status);
  expect(body.error.code).toBe(code);
  expect(body.error.hint.length).toBeGreaterThan(5);
  expect(body.error.retryable).toBe(false);
  if (mentions) expect(body.error.message).toContain(mentions);
  expect(response.headers.get('x-ratelimit-limit')).toBe(TEST_RATE_LIMIT);
}

describe.each(paths)('POST %s with bad input', (path) => {
  it.each(common)('answers $status $code to $name', async ({ body, contentType, status, code, mentions }) => {
    await expectError(path, await post(path, body, contentType), status, code, mentions);
  });

  it.each(specific[path])('answers 400 validation_failed naming the field for $name', async ({ body, field }) => {
    const response = await post(path, json(body));
    await expectError(path, response, 400, 'validation_failed', `"${field}"`);
  });

  // Subscribe and contact take the site's HTML form (form-encoded, checked for spam): a form missing
  // a field is a 400 naming it there; the unsubscribe API has no form path and refuses the type.
  it('answers a form with a field error where the endpoint has a form path, else 415', async () => {
    const response = await post(path, 'email=a%40b.pl', 'application/x-www-form-urlencoded');
    if (path === '/api/newsletter/unsubscribe') await expectError(path, response, 415, 'unsupported_media_type');
    else await expectError(path, response, 400, 'validation_failed', path === '/api/subscribe' ? '"consent"' : '"name"');
  });

  it('answers 405 with Allow to GET', async () => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await response.json()).error.code).toBe('method_not_allowed');
  });

  it('accepts the valid body (the table above is not failing for another reason)', async () => {
    const response = await post(path, json(valid[path]));
    expect(await api.check('POST', path, response)).toEqual({ ok: true });
  });
});

/** A raw request over node:http so the test controls the framing (chunked, lying Content-Length). */
function rawPost(path: string, headers: Record<string, string>, write: (request: http.ClientRequest) => void) {
  return new Promise<{ status: number; body: string; bodySent: boolean }>((resolve, reject) => {
    let finished = false;
    const request = http.request(`${server.url}${path}`, { method: 'POST', headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode!, body, bodySent: finished });
        request.destroy();
      });
    });
    request.on('error', (error) => (finished ? undefined : reject(error)));
    write(request);
    request.on('finish', () => (finished = true));
  });
}

describe('bodies over 32 KiB', () => {
  it('are refused with 413 while a chunked body is still being sent (without reading the rest)', async () => {
    const result = await rawPost('/api/contact', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, (request) => {
      request.write('{"name":"Anna","message":"');
      // 48 KiB now, then the request stays open: only an early answer can end this test.
      request.write('x'.repeat(48 * 1024));
    });
    expect(result.status).toBe(413);
    expect(result.bodySent).toBe(false);
    expect(JSON.parse(result.body).error.code).toBe('payload_too_large');
  });

  it('are refused with 413 from a declared Content-Length before any byte of the body', async () => {
    const result = await rawPost('/api/subscribe', { 'Content-Type': 'application/json', 'Content-Length': String(10 * 1024 * 1024) }, (request) => {
      request.write('{"email":');
    });
    expect(result.status).toBe(413);
    expect(result.bodySent).toBe(false);
  });
});

describe('unknown paths under /api', () => {
  it.each(['GET', 'POST', 'DELETE'])('answer %s with an ErrorResponse-shaped 404', async (method) => {
    const response = await fetch(`${server.url}/api/does-not-exist/deeper`, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = await response.json();
    expect(body).toEqual({ error: { code: 'not_found', message: expect.stringContaining('/api/does-not-exist/deeper'), hint: expect.any(String), retryable: false } });
  });
});
