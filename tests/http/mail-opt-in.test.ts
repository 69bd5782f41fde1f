/**
 * Double opt-in and unsubscribing from the mail, against the built server: the embedded outbox and
 * list, then Resend through its fake. Links are followed as a person's mail client would.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { startResendFake, type ResendFake } from '../support/resend-fake';
import { startServer, type TestServer } from '../support/server';

const SECRET = 'test-link-signing-secret-0123456789-abcdefghijklmnop';
const signing = { LINK_SIGNING_SECRET: SECRET };

function subscribe(server: TestServer, body: Record<string, unknown>) {
  return fetch(`${server.url}/api/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** Links in mails start with SITE_URL (the default here); the test reaches the same paths on its server. */
const SITE_URL = 'http://localhost:4321';
let current: TestServer;
const local = (link: string) => link.replace(SITE_URL, current.url);

/** The links of a mail's text, pointed at the test server. */
function links(mail: OutboxMail): string[] {
  return [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => local(match[0]));
}

/** The target of List-Unsubscribe: one https URI in angle brackets (RFC 2369, RFC 8058). */
function listUnsubscribeTarget(value: string | undefined): string {
  const match = /^<(https?:\/\/[^>]+)>$/.exec(value ?? '');
  expect(match, `List-Unsubscribe: ${value}`).not.toBeNull();
  return local(match![1]!);
}

/** A token signed with the server's secret, with any expiry (the same format as src/server/base/signing.ts). */
async function signedToken(purpose: string, data: Record<string, string>, expiresAt?: number): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const body = Buffer.from(JSON.stringify({ p: purpose, d: data, ...(expiresAt ? { e: expiresAt } : {}) })).toString('base64url');
  return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
}

describe('double opt-in with the embedded outbox and list', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = current = await startServer(signing);
  });
  afterAll(() => server?.stop());

  const listRow = (email: string) => {
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    } catch {
      return null; // no database yet: nothing was ever added
    }
    try {
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'list_contacts'").get();
      if (!table) return null; // nothing was ever added
      const row = db.prepare("SELECT locale, unsubscribed FROM list_contacts WHERE email = ? AND segment = 'newsletter'").get(email);
      return row ? { ...row } : null;
    } finally {
      db.close();
    }
  };
  const mailsTo = async (email: string) => (await readOutbox(server.dataDir)).filter((mail) => mail.to.includes(email));

  it('a Polish mail comes from the Polish sender name', async () => {
    expect((await subscribe(server, { email: 'nadawca@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    const [mail] = await mailsTo('nadawca@example.org');
    expect(mail!.mail.from).toMatchObject({ name: 'Strona Pracownia Cyfrowa' });
  });

  it('subscribe → one confirmation mail in the person\'s language; on the list only after the link', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await subscribe(server, { email: 'Anna@Example.org', consent: true, locale: 'en' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
    const mails = await mailsTo('anna@example.org');
    expect(mails, 'one mail for three requests within the hour').toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Confirm your newsletter subscription — Pracownia Cyfrowa');
    // The sender's name in the mail's language, on MAIL_FROM's address.
    expect(mail!.mail.from).toMatchObject({ name: 'Pracownia Cyfrowa website' });
    expect(mail!.mail.from?.address).toMatch(/^no-reply@/);
    expect(listRow('anna@example.org')).toBeNull();

    const confirm = links(mail!).find((link) => link.includes('/en/newsletter/confirm/?token='))!;
    expect(confirm).toBeDefined();
    const page = await fetch(confirm);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('Subscription confirmed');
    expect(html).toContain('anna@example.org is on the newsletter list');
    expect(listRow('anna@example.org')).toEqual({ locale: 'en', unsubscribed: 0 });

    // The welcome mail, once: following the link again confirms again and mails nothing more.
    expect((await fetch(confirm)).status).toBe(200);
    const after = await mailsTo('anna@example.org');
    expect(after.map((each) => each.subject)).toEqual([mail!.subject, 'Welcome to the newsletter — Pracownia Cyfrowa']);
  });

  it('writes the Polish mail for a Polish subscriber, with List-Unsubscribe headers that parse', async () => {
    expect((await subscribe(server, { email: 'jan@example.org', consent: true })).status).toBe(200);
    const [mail] = await mailsTo('jan@example.org');
    expect(mail!.subject).toBe('Potwierdź zapis na newsletter — Pracownia Cyfrowa');
    expect(mail!.text).toContain('Link działa przez 7 dni.');
    const target = listUnsubscribeTarget(mail!.header('list-unsubscribe'));
    expect(target.startsWith(`${server.url}/newsletter/wypisz/?token=`)).toBe(true);
    expect(mail!.header('list-unsubscribe')!.startsWith(`<${SITE_URL}/newsletter/wypisz/?token=`)).toBe(true);
    expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(links(mail!)).toContain(target);
  });

  it('a tampered or expired link gives a clear page and changes nothing', async () => {
    expect((await subscribe(server, { email: 'ewa@example.org', consent: true })).status).toBe(200);
    const [mail] = await mailsTo('ewa@example.org');
    const confirm = new URL(links(mail!).find((link) => link.includes('/newsletter/potwierdz/'))!);
    const token = confirm.searchParams.get('token')!;
    const [body, signature] = token.split('.');
    const otherAddress = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), d: { email: 'boss@example.org', locale: 'pl' } })).toString('base64url');
    for (const forged of [`${otherAddress}.${signature}`, `${body}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, body!, '']) {
      const response = await fetch(`${server.url}/newsletter/potwierdz/?token=${encodeURIComponent(forged)}`);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('Ten link nie działa');
      expect(html).toContain('niczego nie zmieniliśmy');
    }
    const expired = await signedToken('newsletter-confirm', { email: 'ewa@example.org', locale: 'pl' }, Date.now() - 1_000);
    const old = await fetch(`${server.url}/newsletter/potwierdz/?token=${expired}`);
    expect(old.status).toBe(410);
    expect(await old.text()).toContain('Link wygasł');
    // An unsubscribe token is not a confirmation token.
    const wrongPurpose = await signedToken('newsletter-unsubscribe', { email: 'ewa@example.org', locale: 'pl' });
    expect((await fetch(`${server.url}/newsletter/potwierdz/?token=${wrongPurpose}`)).status).toBe(400);
    expect(listRow('ewa@example.org')).toBeNull();
    expect(listRow('boss@example.org')).toBeNull();
    expect(await mailsTo('ewa@example.org')).toHaveLength(1);
  });

  it('a mail client\'s one-click POST (RFC 8058, form-encoded) unsubscribes without a page', async () => {
    expect((await subscribe(server, { email: 'olek@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    const [confirmation] = await mailsTo('olek@example.org');
    await fetch(links(confirmation!).find((link) => link.includes('/potwierdz/'))!);
    expect(listRow('olek@example.org')).toEqual({ locale: 'pl', unsubscribed: 0 });
    const welcome = (await mailsTo('olek@example.org')).find((mail) => mail.subject.startsWith('Witamy'))!;
    const target = listUnsubscribeTarget(welcome.header('list-unsubscribe'));
    expect(welcome.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // What the link alone does (a scanner's GET): nothing but show the button.
    const preview = await fetch(target);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Wypisz mnie');
    expect(listRow('olek@example.org')).toEqual({ locale: 'pl', unsubscribed: 0 });

    const oneClick = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await oneClick.text()).toBe('Unsubscribed.\n');
    expect(listRow('olek@example.org')).toEqual({ locale: 'pl', unsubscribed: 1 });
  });

  it('the one-click POST also works as multipart/form-data, and a forged link unsubscribes no one', async () => {
    expect((await subscribe(server, { email: 'iga@example.org', consent: true, locale: 'en' })).status).toBe(200);
    const [confirmation] = await mailsTo('iga@example.org');
    await fetch(links(confirmation!).find((link) => link.includes('/confirm/'))!);
    const target = new URL(listUnsubscribeTarget(confirmation!.header('list-unsubscribe')));
    const forged = new URL(target);
    forged.searchParams.set('token', await signedToken('newsletter-confirm', { email: 'iga@example.org', locale: 'en' }));
    const form = () => {
      const data = new FormData();
      data.set('List-Unsubscribe', 'One-Click');
      return data;
    };
    const refused = await fetch(forged, { method: 'POST', body: form() });
    expect(refused.status).toBe(400);
    expect(listRow('iga@example.org')).toEqual({ locale: 'en', unsubscribed: 0 });
    const accepted = await fetch(target, { method: 'POST', body: form() });
    expect(accepted.status).toBe(200);
    expect(listRow('iga@example.org')).toEqual({ locale: 'en', unsubscribed: 1 });
  });

  it('the unsubscribe page without a link takes an address (unknown ones get the same answer)', async () => {
    const page = await fetch(`${server.url}/en/newsletter/unsubscribe/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Enter the address to remove from the newsletter');
    const post = (email: string) =>
      fetch(`${server.url}/en/newsletter/unsubscribe/`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }) });
    const bad = await post('not-an-address');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a valid e-mail address');
    const unknown = await post('nobody@example.org');
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('If the address was on the list, it will get no more newsletters.');
  });

  it('pending addresses are kept only for the documented 7 days (the link expires with them)', async () => {
    expect((await subscribe(server, { email: 'late@example.org', consent: true, locale: 'en' })).status).toBe(200);
    const [mail] = await mailsTo('late@example.org');
    const token = new URL(links(mail!).find((link) => link.includes('/confirm/'))!).searchParams.get('token')!;
    const { e } = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(e - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(e - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
  });
});

describe('double opt-in with Resend (its fake)', () => {
  let fake: ResendFake;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startResendFake();
    fake.segments.push({ id: 'seg_news', name: 'Newsletter', created_at: new Date().toISOString() });
    server = current = await startServer({ ...signing, RESEND_API_KEY: fake.apiKey, RESEND_BASE_URL: fake.url, RESEND_SEGMENT_ID: 'seg_news' });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('mails the confirmation through Resend and creates the contact only when the link is followed', async () => {
    expect((await subscribe(server, { email: 'zofia@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    expect((await subscribe(server, { email: 'zofia@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    const emails = fake.requests.filter((request) => request.path === '/emails');
    expect(emails).toHaveLength(1);
    const sent = emails[0]!.body;
    expect(sent.to).toEqual(['zofia@example.org']);
    expect(sent.subject).toBe('Potwierdź zapis na newsletter — Pracownia Cyfrowa');
    expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(sent.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:4321\/newsletter\/wypisz\/\?token=[\w.-]+>$/);
    expect(fake.requests.filter((request) => request.path.startsWith('/contacts'))).toHaveLength(0);
    expect(fake.contacts.has('zofia@example.org')).toBe(false);

    const confirm = local(/https?:\/\/\S+\/newsletter\/potwierdz\/\?token=[\w.-]+/.exec(sent.text)![0]);
    const page = await fetch(confirm);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Zapis potwierdzony');
    const contact = fake.contacts.get('zofia@example.org');
    expect(contact).toMatchObject({ unsubscribed: false });
    expect([...contact!.segments]).toEqual(['seg_news']);
    const welcome = fake.requests.filter((request) => request.path === '/emails').at(-1)!.body;
    expect(welcome.subject).toBe('Witamy w newsletterze — Pracownia Cyfrowa');

    const target = local(/^<([^>]+)>$/.exec(welcome.headers['List-Unsubscribe'])![1]!);
    const oneClick = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(fake.contacts.get('zofia@example.org')).toMatchObject({ unsubscribed: true });
  });

  it('answers 502 retryable when the confirmation mail cannot be sent, and the retry sends it', async () => {
    fake.setMode({ kind: 'fail', status: 500, name: 'internal_server_error', message: 'down' }, '/emails');
    const failed = await subscribe(server, { email: 'retry@example.org', consent: true, locale: 'en' });
    expect(failed.status).toBe(502);
    expect((await failed.json()).error).toMatchObject({ code: 'provider_unavailable', retryable: true });
    fake.setMode({ kind: 'ok' }, '/emails');
    expect((await subscribe(server, { email: 'retry@example.org', consent: true, locale: 'en' })).status).toBe(200);
    const sent = fake.requests.filter((request) => request.path === '/emails' && request.body.to?.[0] === 'retry@example.org');
    expect(sent).toHaveLength(2); // the refused attempt and the one that went out
    expect(fake.contacts.has('retry@example.org')).toBe(false);
  });

  it('a failing provider at the link gives a page that says so (502) and the link still works later', async () => {
    expect((await subscribe(server, { email: 'piotr@example.org', consent: true, locale: 'en' })).status).toBe(200);
    const sent = fake.requests.filter((request) => request.path === '/emails').at(-1)!.body;
    const confirm = local(/https?:\/\/\S+\/en\/newsletter\/confirm\/\?token=[\w.-]+/.exec(sent.text)![0]);
    fake.setMode({ kind: 'fail', status: 500, name: 'internal_server_error', message: 'down' }, '/contacts');
    const failed = await fetch(confirm);
    expect(failed.status).toBe(502);
    expect(await failed.text()).toContain('A temporary problem');
    expect(fake.contacts.has('piotr@example.org')).toBe(false);
    fake.setMode({ kind: 'ok' }, '/contacts');
    expect((await fetch(confirm)).status).toBe(200);
    expect(fake.contacts.has('piotr@example.org')).toBe(true);
  });
});
