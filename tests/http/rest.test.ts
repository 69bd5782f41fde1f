/**
 * The REST endpoints against the built server: the embedded outbox and list by default, Resend
 * through a fake of its HTTP API (RESEND_BASE_URL), and MAIL_PROVIDER=off. Every answer is checked
 * against the served /openapi.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiChecker, type OpenApiChecker } from '../support/openapi';
import { startResendFake, type ResendFake } from '../support/resend-fake';
import { startServer, TEST_RATE_LIMIT, type TestServer } from '../support/server';

const OWNER = 'owner@example.com';
// Double opt-in has its own tests (mail-opt-in.test.ts); here the list provider's own behaviour is checked.
const mailSettings = { CONTACT_EMAIL: OWNER, NEWSLETTER_DOUBLE_OPT_IN: 'false' };
/** A visitor who tries header injection and HTML in every field. */
const hostile = {
  name: 'Eve Example\r\nBcc: victim@example.net',
  email: 'eve@example.org',
  topic: 'Pytanie\nX-Injected: yes',
  message: '<script>alert("x")</script> & <b>bold</b> — zażółć gęślą jaźń',
  locale: 'pl',
};

let api: OpenApiChecker;

async function call(server: TestServer, path: string, body: unknown): Promise<{ response: Response; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' },
    body: JSON.stringify(body),
  });
  return { response, body: await api.check('POST', path, response) };
}

describe('with the embedded outbox and list (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(mailSettings);
    api = await openApiChecker(server.url);
  });
  afterAll(() => server?.stop());

  const listRow = (email: string) => {
    const db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    try {
      return db.prepare('SELECT segment, locale, unsubscribed FROM list_contacts WHERE email = ? ORDER BY segment').all(email);
    } finally {
      db.close();
    }
  };

  it('subscribes an address, and subscribing it again is the same 200 { ok: true }', async () => {
    const first = await call(server, '/api/subscribe', { email: 'Anna@Example.org', consent: true, locale: 'en' });
    expect(first.response.status).toBe(200);
    expect(first.body).toEqual({ ok: true });
    expect(first.response.headers.get('access-control-allow-origin')).toBe('*');
    const second = await call(server, '/api/subscribe', { email: 'anna@example.org', consent: true });
    expect(second.response.status).toBe(200);
    expect(second.body).toEqual({ ok: true });
    expect(listRow('anna@example.org')).toEqual([{ segment: 'newsletter', locale: 'pl', unsubscribed: 0 }]);
  });

  it('unsubscribes a known address and answers an unknown one with the same 200', async () => {
    await call(server, '/api/subscribe', { email: 'bob@example.org', consent: true });
    const known = await call(server, '/api/newsletter/unsubscribe', { email: 'bob@example.org' });
    expect(known.body).toEqual({ ok: true });
    expect(listRow('bob@example.org')).toEqual([{ segment: 'newsletter', locale: 'pl', unsubscribed: 1 }]);
    const unknown = await call(server, '/api/newsletter/unsubscribe', { email: 'nobody@example.org' });
    expect(unknown.response.status).toBe(200);
    expect(unknown.body).toEqual({ ok: true });
  });

  it('writes the contact mail as an .eml in the outbox: owner, reply-to, clean subject, escaped HTML', async () => {
    const { response } = await call(server, '/api/contact', hostile);
    expect(response.status).toBe(200);
    const outbox = join(server.dataDir, 'outbox');
    // The owner's mail (the outbox also holds the notice an earlier test's unsubscribe sent).
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml') && readFileSync(join(outbox, name), 'utf8').includes(`To: ${OWNER}`));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(outbox, files[0]!), 'utf8');
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).not.toMatch(/^X-Injected:/im);
    const mail = await PostalMime.parse(raw);
    expect(mail.to?.map((address) => address.address)).toEqual([OWNER]);
    expect(mail.replyTo?.map((address) => address.address)).toEqual(['eve@example.org']);
    expect(mail.subject).toBe('[Kontakt] Pytanie X-Injected: yes — Eve Example Bcc: victim@example.net');
    expect(mail.text).toContain('<script>alert("x")</script> & <b>bold</b> — zażółć gęślą jaźń');
    expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;bold&#60;/b&#62; — zażółć gęślą jaźń');
    expect(mail.html).not.toContain('<script>');
    // Without listConsent the sender is answered, not kept on any list.
    expect(listRow('eve@example.org')).toEqual([]);
  });

  it('never re-subscribes an unsubscribed address because it wrote through the contact form', async () => {
    await call(server, '/api/subscribe', { email: 'quiet@example.org', consent: true });
    await call(server, '/api/newsletter/unsubscribe', { email: 'quiet@example.org' });
    await call(server, '/api/contact', { name: 'Quiet', email: 'quiet@example.org', message: 'Pytanie o ofertę, proszę o kontakt.', listConsent: true });
    expect(listRow('quiet@example.org')).toEqual([
      { segment: 'Kontakt', locale: 'pl', unsubscribed: 1 },
      { segment: 'newsletter', locale: 'pl', unsubscribed: 1 },
    ]);
  });

  it('answers OPTIONS with 204 and the CORS headers', async () => {
    for (const path of ['/api/subscribe', '/api/contact', '/api/newsletter/unsubscribe']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      await api.check('OPTIONS', path, response);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
      expect(response.headers.get('x-ratelimit-limit')).toBe(TEST_RATE_LIMIT);
    }
    // Preflights report the budget without spending it.
    const remaining = async () =>
      (await fetch(`${server.url}/api/contact`, { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' } })).headers.get('x-ratelimit-remaining');
    const before = await remaining();
    expect(await remaining()).toBe(before);
    expect(Number(before)).toBeGreaterThan(0);
  });
});

describe('with Resend (a fake of its HTTP API)', () => {
  let fake: ResendFake;
  let server: TestServer;
  let newsletterSegment: string;
  beforeAll(async () => {
    fake = await startResendFake();
    newsletterSegment = 'seg_newsletter_1';
    fake.segments.push({ id: newsletterSegment, name: 'Newsletter', created_at: new Date().toISOString() });
    server = await startServer({
      ...mailSettings,
      RESEND_API_KEY: fake.apiKey,
      RESEND_BASE_URL: fake.url,
      RESEND_SEGMENT_ID: newsletterSegment,
      MAIL_FROM: 'Strona <no-reply@example.com>',
    });
    api ??= await openApiChecker(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('sends the owner a mail with reply-to the visitor, a one-line subject and escaped HTML', async () => {
    fake.reset();
    // The sender agrees to the contact list: the Kontakt tests below read what this filed.
    const { response } = await call(server, '/api/contact', { ...hostile, listConsent: true });
    expect(response.status).toBe(200);
    const sent = fake.requests.filter((request) => request.path === '/emails');
    expect(sent).toHaveLength(1);
    const mail = sent[0]!.body;
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(mail.from).toBe('Strona <no-reply@example.com>');
    expect(mail.to).toEqual([OWNER]);
    expect(mail.reply_to).toBe('eve@example.org');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Eve Example Bcc: victim@example.net');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert("x")</script>');
  });

  it('puts the contact-form sender into the segment named Kontakt, creating it once', async () => {
    const kontakt = fake.segments.filter((segment) => segment.name === 'Kontakt');
    expect(kontakt).toHaveLength(1);
    const contact = fake.contacts.get('eve@example.org');
    expect(contact?.segments.has(kontakt[0]!.id)).toBe(true);
    expect(contact?.first_name).toBe('Eve');
    // A second message reuses the cached segment and files the known contact again without error.
    fake.reset();
    const again = await call(server, '/api/contact', { ...hostile, listConsent: true, message: 'Druga wiadomość, dłuższa niż dziesięć znaków.' });
    expect(again.response.status).toBe(200);
    expect(fake.segments.filter((segment) => segment.name === 'Kontakt')).toHaveLength(1);
    expect(fake.requests.some((request) => request.method === 'GET' && request.path.startsWith('/segments'))).toBe(false);
    expect(fake.requests.some((request) => request.path === `/contacts/eve%40example.org/segments/${kontakt[0]!.id}` || request.path === `/contacts/eve@example.org/segments/${kontakt[0]!.id}`)).toBe(true);
  });

  it('creates newsletter contacts in RESEND_SEGMENT_ID; again and unsubscribe are idempotent', async () => {
    fake.reset();
    expect((await call(server, '/api/subscribe', { email: 'Zoe@Example.ORG', consent: true })).response.status).toBe(200);
    expect(fake.requests.find((request) => request.path === '/contacts')?.body.email).toBe('zoe@example.org');
    const contact = fake.contacts.get('zoe@example.org')!;
    expect([...contact.segments]).toEqual([newsletterSegment]);
    expect(contact.unsubscribed).toBe(false);
    expect((await call(server, '/api/subscribe', { email: 'zoe@example.org', consent: true })).body).toEqual({ ok: true });
    expect((await call(server, '/api/newsletter/unsubscribe', { email: 'zoe@example.org' })).body).toEqual({ ok: true });
    expect(fake.contacts.get('zoe@example.org')!.unsubscribed).toBe(true);
    // Subscribing again after unsubscribing re-activates the contact.
    await call(server, '/api/subscribe', { email: 'zoe@example.org', consent: true });
    expect(fake.contacts.get('zoe@example.org')!.unsubscribed).toBe(false);
    const unknown = await call(server, '/api/newsletter/unsubscribe', { email: 'ghost@example.org' });
    expect(unknown.response.status).toBe(200);
    // Writing through the contact form files zoe in Kontakt but leaves her unsubscribed state alone.
    await call(server, '/api/newsletter/unsubscribe', { email: 'zoe@example.org' });
    await call(server, '/api/contact', { name: 'Zoe', email: 'zoe@example.org', message: 'Pytanie o ofertę, proszę o kontakt.', listConsent: true });
    const kontakt = fake.segments.find((segment) => segment.name === 'Kontakt')!;
    expect(fake.contacts.get('zoe@example.org')!.segments.has(kontakt.id)).toBe(true);
    expect(fake.contacts.get('zoe@example.org')!.unsubscribed).toBe(true);
  });

  it('answers 502 provider_unavailable, retryable, when Resend fails', async () => {
    fake.setMode({ kind: 'fail', status: 500, name: 'internal_server_error', message: 'Something went wrong' }, '/emails');
    const contact = await call(server, '/api/contact', { ...hostile, email: 'fail@example.org' });
    expect(contact.response.status).toBe(502);
    expect(contact.body.error).toMatchObject({ code: 'provider_unavailable', retryable: true });
    expect(JSON.stringify(contact.body)).not.toContain('Something went wrong');
    fake.setMode({ kind: 'fail', status: 429, name: 'rate_limit_exceeded', message: 'Too many requests' }, '/contacts');
    const subscribe = await call(server, '/api/subscribe', { email: 'late@example.org', consent: true });
    expect(subscribe.response.status).toBe(502);
    expect(subscribe.body.error.retryable).toBe(true);
    fake.reset();
  });

  it('still answers 200 when the mail went out but filing the sender in Kontakt fails', async () => {
    fake.reset();
    fake.setMode({ kind: 'fail', status: 500, name: 'internal_server_error', message: 'down' }, '/contacts');
    const { response, body } = await call(server, '/api/contact', { ...hostile, email: 'kontakt-down@example.org', listConsent: true });
    const mailed = fake.requests.filter((request) => request.path === '/emails').length;
    fake.reset();
    expect(mailed).toBe(1);
    expect(response.status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(fake.contacts.has('kontakt-down@example.org')).toBe(false);
    // The log is written in batches (at most half a second late).
    await expect.poll(() => server.output(), { timeout: 3000 }).toMatch(/not added to segment Kontakt/);
  });

  it('answers 502 within the 10 s deadline when Resend hangs', async () => {
    fake.setMode({ kind: 'hang' }, '/emails');
    const started = Date.now();
    const { response, body } = await call(server, '/api/contact', { ...hostile, email: 'slow@example.org' });
    const elapsed = Date.now() - started;
    fake.reset();
    expect(response.status).toBe(502);
    expect(body.error).toMatchObject({ code: 'provider_unavailable', retryable: true });
    expect(elapsed).toBeGreaterThanOrEqual(9_500);
    expect(elapsed).toBeLessThan(12_000);
  }, 20_000);
});

describe('with MAIL_PROVIDER=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ MAIL_PROVIDER: 'off', RATE_LIMIT_UNSUBSCRIBE: '2' });
    api ??= await openApiChecker(server.url);
  });
  afterAll(() => server?.stop());

  it.each(['/api/subscribe', '/api/contact'])('answers 501 not_configured at %s', async (path) => {
    const { response, body } = await call(server, path, { email: 'anna@example.org', consent: true, name: 'Anna', message: 'Dzień dobry wszystkim.' });
    expect(response.status).toBe(501);
    expect(body.error).toMatchObject({ code: 'not_configured', retryable: false });
  });

  it('limits in memory: 2 answers, then 429 with Retry-After and the rate-limit headers', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let index = 0; index < 3; index++) {
      const { response } = await call(server, '/api/newsletter/unsubscribe', { email: 'anna@example.org' });
      statuses.push(response.status);
      last = response;
    }
    expect(statuses).toEqual([501, 501, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(last!.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(last!.headers.get('x-ratelimit-limit')).toBe('2');
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
  });
});
