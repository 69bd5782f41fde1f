/**
 * Double opt-in and unsubscribing from the mail, against the built server: the embedded outbox and
 * list, then Resend through its fake. Links are followed as a person's mail client would.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmByButton } from '../support/mail-links';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { startResendFake, type ResendFake } from '../support/resend-fake';
import { startServer, type TestServer } from '../support/server';
import { callTool } from '../support/mcp-call';

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
    // What the link alone does (a mail scanner's GET, however often): show the button, nothing more.
    for (let open = 0; open < 2; open++) {
      const preview = await fetch(confirm);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('cache-control')).toBe('no-store');
      const html = await preview.text();
      expect(html).toContain('Confirm that anna@example.org should get the newsletter');
      expect(html).toMatch(/<button class="button" type="submit"[^>]*>Confirm the subscription<\/button>/);
      expect(listRow('anna@example.org'), 'opening the link subscribes no one').toBeNull();
    }
    expect(await mailsTo('anna@example.org'), 'and sends no welcome').toHaveLength(1);

    const page = await confirmByButton(confirm);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('Subscription confirmed');
    expect(html).toContain('anna@example.org is on the newsletter list');
    expect(listRow('anna@example.org')).toEqual({ locale: 'en', unsubscribed: 0 });

    // The welcome mail, once: pressing the button again confirms again and mails nothing more.
    expect((await confirmByButton(confirm)).status).toBe(200);
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
    // The button's POST checks the same.
    const press = (value: string) =>
      fetch(`${server.url}/newsletter/potwierdz/`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: value }) });
    expect((await press(`${otherAddress}.${signature}`)).status).toBe(400);
    expect((await press(expired)).status).toBe(410);
    expect((await press(wrongPurpose)).status).toBe(400);
    expect(listRow('ewa@example.org')).toBeNull();
    expect(listRow('boss@example.org')).toBeNull();
    expect(await mailsTo('ewa@example.org')).toHaveLength(1);
  });

  it('a mail client\'s one-click POST (RFC 8058, form-encoded) unsubscribes without a page', async () => {
    expect((await subscribe(server, { email: 'olek@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    const [confirmation] = await mailsTo('olek@example.org');
    expect((await confirmByButton(links(confirmation!).find((link) => link.includes('/potwierdz/'))!)).status).toBe(200);
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
    expect((await confirmByButton(links(confirmation!).find((link) => link.includes('/confirm/'))!)).status).toBe(200);
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

  it('a confirmation link issued before an unsubscribe no longer subscribes (410), opened or pressed', async () => {
    // Confirmed, then unsubscribed from the mail's own link: the first confirmation link is spent.
    expect((await subscribe(server, { email: 'mia@example.org', consent: true, locale: 'en' })).status).toBe(200);
    const [confirmation] = await mailsTo('mia@example.org');
    const confirm = links(confirmation!).find((link) => link.includes('/confirm/'))!;
    expect((await confirmByButton(confirm)).status).toBe(200);
    const target = listUnsubscribeTarget(confirmation!.header('list-unsubscribe'));
    const oneClick = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(listRow('mia@example.org')).toEqual({ locale: 'en', unsubscribed: 1 });
    const opened = await fetch(confirm);
    expect(opened.status).toBe(410);
    const page = await opened.text();
    expect(page).toContain('This link no longer works');
    expect(page).not.toContain('<form method="post"');
    const token = new URL(confirm).searchParams.get('token')!;
    const pressed = await fetch(confirm, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
    expect(pressed.status).toBe(410);
    expect(listRow('mia@example.org')).toEqual({ locale: 'en', unsubscribed: 1 });
    // Unsubscribed by the mailbox's own link: no notice.
    expect((await mailsTo('mia@example.org')).map((mail) => mail.subject)).toEqual([confirmation!.subject, 'Welcome to the newsletter — Pracownia Cyfrowa']);

    // Pending, then unsubscribed before confirming: the link it was sent adds no one.
    expect((await subscribe(server, { email: 'leo@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    const [pending] = await mailsTo('leo@example.org');
    const leave = await fetch(`${server.url}/api/newsletter/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'leo@example.org' }) });
    expect(leave.status).toBe(200);
    const late = links(pending!).find((link) => link.includes('/potwierdz/'))!;
    const lateToken = new URL(late).searchParams.get('token')!;
    const refused = await fetch(late, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: lateToken }) });
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain('Ten link już nie działa');
    expect(listRow('leo@example.org')).toBeNull();
    expect(await mailsTo('leo@example.org'), 'a pending address gets no notice').toHaveLength(1);
  });

  it('an unsubscribe by the address alone mails the subscriber a notice with a link to subscribe again, at every door', async () => {
    const subscribed = async (email: string, locale: 'pl' | 'en') => {
      expect((await subscribe(server, { email, consent: true, locale })).status).toBe(200);
      const [confirmation] = await mailsTo(email);
      expect((await confirmByButton(links(confirmation!).find((link) => link.includes('token='))!)).status).toBe(200);
      expect(listRow(email)).toEqual({ locale, unsubscribed: 0 });
    };
    const notices = async (email: string) => (await mailsTo(email)).filter((mail) => /unsubscribed from the newsletter|Wypisano Cię z newslettera/.test(mail.subject));
    const rest = (email: string) =>
      fetch(`${server.url}/api/newsletter/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });

    // REST, as the API specifies: the address alone. The answer is the same; the mailbox is told.
    await subscribed('nora@example.org', 'pl');
    const first = await rest('Nora@Example.org');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    expect(listRow('nora@example.org')).toEqual({ locale: 'pl', unsubscribed: 1 });
    const [notice, ...more] = await notices('nora@example.org');
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Wypisano Cię z newslettera — Pracownia Cyfrowa');
    expect(notice!.text).toContain('ktoś podał sam adres, bez linku z naszej wiadomości');
    expect(notice!.header('list-unsubscribe')).toBeUndefined();
    // Again, and for an address never on the list: nothing more is mailed to anyone.
    expect((await rest('nora@example.org')).status).toBe(200);
    expect((await rest('stranger@example.org')).status).toBe(200);
    expect(await notices('nora@example.org')).toHaveLength(1);
    expect(await mailsTo('stranger@example.org')).toEqual([]);
    // The notice's link is issued after the unsubscribe: it subscribes again, by its button.
    const again = await confirmByButton(links(notice!).find((link) => link.includes('/newsletter/potwierdz/?token='))!);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Zapis potwierdzony');
    expect(listRow('nora@example.org')).toEqual({ locale: 'pl', unsubscribed: 0 });

    // The MCP tool (the registry's, as the chat, WebMCP and A2A use it): the same notice, in the list's language.
    await subscribed('tom@example.org', 'en');
    const call = await callTool(server.url, 'newsletter_unsubscribe', { email: 'tom@example.org' });
    expect(call.status).toBe(200);
    expect(call.result.isError).toBeFalsy();
    expect(listRow('tom@example.org')).toEqual({ locale: 'en', unsubscribed: 1 });
    expect((await notices('tom@example.org')).map((mail) => mail.subject)).toEqual(['You have been unsubscribed from the newsletter — Pracownia Cyfrowa']);

    // The unsubscribe page's address form: anyone can type an address there too.
    await subscribed('ula@example.org', 'en');
    const form = await fetch(`${server.url}/en/newsletter/unsubscribe/`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: 'ula@example.org' }) });
    expect(form.status).toBe(200);
    expect(listRow('ula@example.org')).toEqual({ locale: 'en', unsubscribed: 1 });
    expect(await notices('ula@example.org')).toHaveLength(1);
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

  it('mails the confirmation through Resend and creates the contact only when the button is pressed', async () => {
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
    expect(fake.contacts.has('zofia@example.org'), 'opening the link creates no contact').toBe(false);
    const page = await confirmByButton(confirm);
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

  it('tells a subscribed contact of an unsubscribe by address alone, and no one else', async () => {
    const mailsTo = (email: string) => fake.requests.filter((request) => request.path === '/emails' && request.body.to?.[0] === email).map((request) => request.body.subject as string);
    const rest = (email: string) =>
      fetch(`${server.url}/api/newsletter/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });
    expect((await subscribe(server, { email: 'kuba@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    const confirm = local(/https?:\/\/\S+\/newsletter\/potwierdz\/\?token=[\w.-]+/.exec(fake.requests.filter((request) => request.path === '/emails').at(-1)!.body.text)![0]);
    expect((await confirmByButton(confirm)).status).toBe(200);
    expect((await rest('kuba@example.org')).status).toBe(200);
    expect(fake.contacts.get('kuba@example.org')).toMatchObject({ unsubscribed: true });
    expect(mailsTo('kuba@example.org').at(-1)).toBe('Wypisano Cię z newslettera — Pracownia Cyfrowa');
    // A contact already unsubscribed (zofia left by one click above) and an unknown address: no mail.
    expect(fake.contacts.get('zofia@example.org')).toMatchObject({ unsubscribed: true });
    const before = mailsTo('zofia@example.org').length;
    expect((await rest('zofia@example.org')).status).toBe(200);
    expect((await rest('nikt@example.org')).status).toBe(200);
    expect(mailsTo('zofia@example.org')).toHaveLength(before);
    expect(mailsTo('nikt@example.org')).toEqual([]);
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

  it('a failing provider at the button gives a page that says so (502) and the link still works later', async () => {
    expect((await subscribe(server, { email: 'piotr@example.org', consent: true, locale: 'en' })).status).toBe(200);
    const sent = fake.requests.filter((request) => request.path === '/emails').at(-1)!.body;
    const confirm = local(/https?:\/\/\S+\/en\/newsletter\/confirm\/\?token=[\w.-]+/.exec(sent.text)![0]);
    fake.setMode({ kind: 'fail', status: 500, name: 'internal_server_error', message: 'down' }, '/contacts');
    const failed = await confirmByButton(confirm);
    expect(failed.status).toBe(502);
    expect(await failed.text()).toContain('A temporary problem');
    expect(fake.contacts.has('piotr@example.org')).toBe(false);
    fake.setMode({ kind: 'ok' }, '/contacts');
    expect((await confirmByButton(confirm)).status).toBe(200);
    expect(fake.contacts.has('piotr@example.org')).toBe(true);
  });
});
