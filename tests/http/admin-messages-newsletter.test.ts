/**
 * The owner's commands `messages`, `subscribers` and `newsletter send` against the DATA_DIR the
 * BUILT server wrote through its real endpoints: a contact message whose mail failed (SMTP to a
 * port nobody listens on) is kept undelivered and resent once SMTP answers; subscribers listed as
 * CSV; a Markdown issue sent to the outbox with working RFC 8058 headers, never twice, resuming
 * after a failure midway without mailing anyone twice; with Resend, contacts listed across pages
 * and the issue sent as one broadcast.
 *
 * The commands run in-process (each step imports them afresh, so the settings, the mail provider
 * and the database connection are the ones a separate `npm run admin` process would have).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminCommand } from '../../src/server/admin/command';
import { readOutbox } from '../support/outbox';
import { freePort } from '../support/ports';
import { startResendFake, type ResendFake } from '../support/resend-fake';
import { startServer, type TestServer } from '../support/server';
import { callTool } from '../support/mcp-call';

const commandModules: Record<string, [string, string]> = {
  messages: ['../../src/server/admin/messages.ts', 'messages'],
  subscribers: ['../../src/server/admin/subscribers.ts', 'subscribers'],
  newsletter: ['../../src/server/admin/newsletter.ts', 'newsletter'],
};

/** Test-only runner: one admin command, as a fresh process would run it, with exactly these settings. */
async function admin(env: Record<string, string>, words: string[]): Promise<{ code: number; out: string; err: string }> {
  const saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (/^(MAIL_|SMTP_|RESEND_|NEWSLETTER_|DATA_DIR|SITE_URL|CONTACT_EMAIL|LINK_SIGNING)/.test(name)) delete process.env[name];
  Object.assign(process.env, { SITE_URL: 'http://localhost:4321', ...env });
  vi.resetModules();
  try {
    (await import('../../src/server/base/settings.ts')).resetSettingsForTests();
    const [path, exported] = commandModules[words[0]!]!;
    const command = (await import(path))[exported] as AdminCommand;
    let out = '';
    let err = '';
    try {
      const code = await command.run(words.slice(1), { out: (text) => (out += text), err: (text) => (err += `${text}\n`) });
      return { code, out, err };
    } catch (error) {
      // What the CLI does with a command's failure: its message, exit code 1.
      return { code: 1, out, err: `${err}${words[0]} failed: ${error instanceof Error ? error.message : String(error)}\n` };
    }
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

function post(server: TestServer, path: string, body: unknown) {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

const serverSettings = { CONTACT_EMAIL: 'owner@example.com', NEWSLETTER_DOUBLE_OPT_IN: 'false' };

describe('embedded list: messages, subscribers and a newsletter issue', () => {
  const received: Array<{ to: string[]; mail: Email }> = [];
  let refuseOnce = new Set<string>();
  let smtp: SMTPServer | undefined;
  let smtpPort: number;
  let server: TestServer;
  let smtpEnv: Record<string, string>;
  let outboxEnv: Record<string, string>;
  const issueDir = mkdtempSync(join(tmpdir(), 'issue-'));

  beforeAll(async () => {
    // Nothing listens here until the test starts the SMTP server: the first contact mail fails.
    smtpPort = await freePort();
    server = await startServer({ ...serverSettings, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    smtpEnv = { DATA_DIR: server.dataDir, CONTACT_EMAIL: 'owner@example.com', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NEWSLETTER_SEND_PER_SECOND: '10' };
    outboxEnv = { DATA_DIR: server.dataDir, CONTACT_EMAIL: 'owner@example.com', MAIL_PROVIDER: 'outbox', NEWSLETTER_SEND_PER_SECOND: '50' };
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  async function startSmtp() {
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuseOnce.delete(address.address)) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 450 }));
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          received.push({ to: session.envelope.rcptTo.map((each) => each.address), mail: await PostalMime.parse(Buffer.concat(chunks)) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));
  }

  it('keeps a contact message whose mail failed, lists it undelivered, and resends it once mail works', async () => {
    const failed = await post(server, '/api/contact', { name: 'Anna Nowak', email: 'anna@example.org', topic: 'Sklep', message: 'Czy zrobicie sklep?\nDruga linia.', locale: 'pl' });
    expect(failed.status).toBe(502);
    await startSmtp();
    const sent = await post(server, '/api/contact', { name: 'Bartek', email: 'bartek@example.org', message: 'Proszę o kontakt.', locale: 'en' });
    expect(sent.status).toBe(200);
    expect(received.map((each) => each.mail.subject)).toEqual(['[Kontakt] Wiadomość ze strony — Bartek']);
    // A bot's form post (no proof of work): delivered marked, and kept flagged.
    const bot = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Bot', email: 'bot@example.net', message: 'Cheap pills', locale: 'en' }),
      redirect: 'manual',
    });
    expect(bot.status).toBeLessThan(400);
    expect(received).toHaveLength(2);
    // A service inquiry through the MCP tool is kept the same way, under its reference.
    const inquiry = await callTool(server.url, 'service_inquiry_submit', { fullName: 'Jan Kowalski', email: 'jan@example.org', phone: '+48 600 000 000', supportArea: 'IT support', notes: 'Ten laptops.', locale: 'en' });
    const reference = String(inquiry.result.structuredContent?.reference);
    expect(reference).toMatch(/^INQ-[2-9A-Z]{6}$/);
    expect(received).toHaveLength(3);

    const listed = await admin(smtpEnv, ['messages', '--json']);
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.out) as Array<Record<string, unknown>>;
    // Newest first; the failed one is there, undelivered, with everything the visitor wrote.
    expect(rows.map((row) => [row.name, row.kind, row.topic, row.delivered, row.suspected_spam])).toEqual([
      ['Jan Kowalski', 'inquiry', 'IT support', true, false],
      ['Bot', 'contact', null, true, true],
      ['Bartek', 'contact', null, true, false],
      ['Anna Nowak', 'contact', 'Sklep', false, false],
    ]);
    expect(rows[0]!.id).toBe(reference);
    expect(rows[3]!.id).toMatch(/^MSG-[2-9A-Z]{6}$/);
    const table = await admin(smtpEnv, ['messages']);
    console.log(`messages (table):\n${table.out}`);
    expect(table.out.split('\n')[0]).toMatch(/^id\s+received\s+kind\s+name\s+email\s+topic\s+delivered\s+suspected_spam$/);
    const csv = await admin(smtpEnv, ['messages', '--csv']);
    expect(csv.out.split('\r\n')[0]).toBe('id,received,kind,name,email,topic,delivered,suspected_spam');

    expect((await admin(smtpEnv, ['messages', 'show', reference])).out).toMatch(/phone:\s+\+48 600 000 000\n[\s\S]*area:\s+IT support\n[\s\S]*\n\nTen laptops\.\n$/);
    const shown = await admin(smtpEnv, ['messages', 'show', String(rows[3]!.id)]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('Czy zrobicie sklep?\nDruga linia.');
    expect(shown.out).toMatch(/delivered:\s+no \(1 attempt: \S/);
    expect((await admin(smtpEnv, ['messages', 'show', 'MSG-NOPE22'])).code).toBe(1);

    const resent = await admin(smtpEnv, ['messages', '--resend']);
    expect(resent.code).toBe(0);
    expect(resent.err).toContain('1 of 1 message delivered.');
    expect(received.map((each) => each.mail.subject)).toEqual([
      '[Kontakt] Wiadomość ze strony — Bartek',
      expect.stringContaining('Bot'),
      `[Zapytanie ${reference}] IT support — Jan Kowalski`,
      '[Kontakt] Sklep — Anna Nowak',
    ]);
    expect(received[3]!.to).toEqual(['owner@example.com']);
    expect(received[3]!.mail.replyTo?.[0]?.address).toBe('anna@example.org');
    const after = JSON.parse((await admin(smtpEnv, ['messages', '--json'])).out) as Array<Record<string, unknown>>;
    expect(after.map((row) => row.delivered)).toEqual([true, true, true, true]);
    // Nothing left to resend: nobody gets the mail twice.
    const again = await admin(smtpEnv, ['messages', 'resend']);
    expect(again.err).toContain('0 of 0 messages delivered.');
    expect(received).toHaveLength(4);
  });

  it('lists subscribers as CSV: confirmed in their language, unsubscribed, and says pending cannot be listed', async () => {
    for (const [email, locale] of [['reader-pl@example.org', 'pl'], ['reader-en@example.org', 'en'], ['leaver@example.org', 'pl']]) {
      expect((await post(server, '/api/subscribe', { email, consent: true, locale })).status).toBe(200);
    }
    expect((await post(server, '/api/newsletter/unsubscribe', { email: 'leaver@example.org' })).status).toBe(200);
    const { code, out, err } = await admin(outboxEnv, ['subscribers', '--csv']);
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\r\n').map((line) => line.split(',').slice(0, 4).join(','));
    expect(lines).toEqual(['email,state,locale,name', 'reader-pl@example.org,confirmed,pl,', 'reader-en@example.org,confirmed,en,', 'leaver@example.org,unsubscribed,pl,']);
    expect(err).toContain('2 confirmed, 1 unsubscribed');
    expect(err).toContain('cannot be listed');
  });

  const issue = (subject: string, extra = '') =>
    [
      '---',
      `subject: "${subject}"`,
      'locale: pl',
      '---',
      '## Listopad w pracowni',
      '',
      'Trzy rzeczy, które **warto** sprawdzić:',
      '',
      '- kopie zapasowe',
      '- [formularz kontaktowy](https://example.org/kontakt/)',
      '',
      '<script>alert(1)</script>',
      extra,
    ].join('\n');

  it('newsletter send --dry-run: subject, recipients per state and the first mail as text; nothing sent', async () => {
    const file = join(issueDir, 'listopad.md');
    writeFileSync(file, issue('Newsletter — listopad'));
    const { code, out } = await admin(outboxEnv, ['newsletter', 'send', file, '--dry-run']);
    console.log(`newsletter send --dry-run:\n${out}`);
    expect(code).toBe(0);
    expect(out).toContain('Subject: Newsletter — listopad');
    expect(out).toMatch(/confirmed \(pl\): 1\n\s+confirmed \(other language\): 1\n\s+unsubscribed: 1\n/);
    expect(out).toContain('To send now: 1');
    expect(out).toContain('- formularz kontaktowy (https://example.org/kontakt/)');
    expect(out).toMatch(/Wypisz się: http:\/\/localhost:4321\/newsletter\/wypisz\/\?token=[\w.-]+/);
    expect((await readOutbox(server.dataDir)).filter((mail) => mail.subject.startsWith('Newsletter'))).toHaveLength(0);
  });

  it('newsletter send mails the confirmed subscriber of the language with a working one-click unsubscribe, and never twice', async () => {
    const file = join(issueDir, 'listopad.md');
    const sent = await admin(outboxEnv, ['newsletter', 'send', file]);
    expect(sent.err).not.toContain('Stopped');
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.out)).toEqual({ sent: 1, finished: true });
    const mails = (await readOutbox(server.dataDir)).filter((mail) => mail.subject === 'Newsletter — listopad');
    expect(mails.map((mail) => mail.to)).toEqual([['reader-pl@example.org']]);
    const [mail] = mails;
    expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http:\/\/localhost:4321\/newsletter\/wypisz\/\?token=[\w.-]+)>$/.exec(mail!.header('list-unsubscribe') ?? '');
    expect(link).not.toBeNull();
    // HTML rendered from the Markdown; raw HTML in the file is shown as text, never run.
    expect(mail!.mail.html).toContain('<h2>Listopad w pracowni</h2>');
    expect(mail!.mail.html).toContain('<a href="https://example.org/kontakt/">formularz kontaktowy</a>');
    expect(mail!.mail.html).not.toContain('<script>');
    expect(mail!.text).toContain('formularz kontaktowy (https://example.org/kontakt/)');
    expect(mail!.text).toContain(link![1]);

    const twice = await admin(outboxEnv, ['newsletter', 'send', file]);
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(/Refused: This issue was sent already/);
    // The same issue edited (a typo fixed) under the same subject is refused as well.
    const edited = join(issueDir, 'listopad-poprawiony.md');
    writeFileSync(edited, issue('Newsletter — listopad', 'Poprawka.'));
    const editedRun = await admin(outboxEnv, ['newsletter', 'send', edited]);
    expect(editedRun.code).toBe(1);
    expect(editedRun.err).toContain('was sent already');
    expect((await readOutbox(server.dataDir)).filter((each) => each.subject === 'Newsletter — listopad')).toHaveLength(1);

    // The mail's RFC 8058 one-click POST, against the server, unsubscribes its reader.
    const oneClick = await fetch(link![1]!.replace('http://localhost:4321', server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const subscribers = JSON.parse((await admin(outboxEnv, ['subscribers', '--json'])).out) as Array<{ email: string; state: string }>;
    expect(subscribers.find((row) => row.email === 'reader-pl@example.org')?.state).toBe('unsubscribed');
  });

  it('a send stopped by a failure midway resumes without mailing anyone twice, paced, and skips a recipient left mid-send', async () => {
    for (const email of ['a@example.org', 'b-busy@example.org', 'c@example.org', 'd@example.org']) {
      expect((await post(server, '/api/subscribe', { email, consent: true, locale: 'pl' })).status).toBe(200);
    }
    const file = join(issueDir, 'grudzien.md');
    writeFileSync(file, issue('Newsletter — grudzień'));
    // A run that crashed between claiming d@ and recording its mail: d@ may have it already.
    const db = new DatabaseSync(join(server.dataDir, 'site.sqlite'));
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(issue('Newsletter — grudzień')).digest('hex');
    db.prepare("INSERT INTO newsletter_issues (hash, subject, locale, provider, started_at) VALUES (?, 'Newsletter — grudzień', 'pl', 'embedded', ?)").run(hash, new Date().toISOString());
    db.prepare("INSERT INTO newsletter_deliveries (hash, email, state, at) VALUES (?, 'd@example.org', 'sending', ?)").run(hash, new Date().toISOString());
    db.close();

    refuseOnce = new Set(['b-busy@example.org']);
    received.length = 0;
    const first = await admin(smtpEnv, ['newsletter', 'send', file]);
    expect(first.code).toBe(1);
    expect(first.err).toMatch(/Stopped: the mail to b-busy@example.org failed .*1 sent/s);
    expect(first.err).toContain('Left mid-send by a run that stopped (not sent again): d@example.org');
    expect(received.flatMap((each) => each.to)).toEqual(['a@example.org']);

    const started = performance.now();
    const second = await admin(smtpEnv, ['newsletter', 'send', file]);
    const elapsed = performance.now() - started;
    expect(second.code).toBe(0);
    expect(JSON.parse(second.out)).toEqual({ sent: 2, finished: true });
    const recipients = received.flatMap((each) => each.to);
    console.log(`resumed send: ${recipients.join(', ')}; second run ${elapsed.toFixed(0)} ms for 2 mails at 10 per second`);
    expect(recipients).toEqual(['a@example.org', 'b-busy@example.org', 'c@example.org']);
    expect(new Set(recipients).size).toBe(recipients.length);
    // Paced: the second mail of a run waits 100 ms after the first at 10 per second.
    expect(elapsed).toBeGreaterThanOrEqual(100);
    expect((await admin(smtpEnv, ['newsletter', 'send', file])).err).toContain('Refused');
  });
});

describe('Resend: contacts of the segment, and the issue as one broadcast', () => {
  let fake: ResendFake;
  let server: TestServer;
  let env: Record<string, string>;
  const segmentId = '7b1e7a9e-0000-4000-8000-00000000abcd';

  beforeAll(async () => {
    fake = await startResendFake();
    fake.segments.push({ id: segmentId, name: 'Newsletter', created_at: new Date().toISOString() });
    const resend = { RESEND_API_KEY: fake.apiKey, RESEND_BASE_URL: fake.url, RESEND_SEGMENT_ID: segmentId };
    server = await startServer({ ...serverSettings, ...resend });
    env = { DATA_DIR: server.dataDir, CONTACT_EMAIL: 'owner@example.com', ...resend };
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('lists every contact of the segment across pages, and sends the issue once as a broadcast', async () => {
    expect((await post(server, '/api/subscribe', { email: 'ewa@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    expect((await post(server, '/api/subscribe', { email: 'gone@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    expect((await post(server, '/api/newsletter/unsubscribe', { email: 'gone@example.org' })).status).toBe(200);
    // More than one page of 100, and a contact outside the segment that must not be listed.
    for (let index = 0; index < 150; index++) {
      fake.contacts.set(`bulk${index}@example.org`, { id: `bulk-${index}`, email: `bulk${index}@example.org`, unsubscribed: false, segments: new Set([segmentId]), created_at: new Date().toISOString() });
    }
    fake.contacts.set('other@example.org', { id: 'other', email: 'other@example.org', unsubscribed: false, segments: new Set(), created_at: new Date().toISOString() });

    const listed = await admin(env, ['subscribers', '--json']);
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.out) as Array<{ id: string; state: string }>;
    expect(rows).toHaveLength(152);
    expect(rows.find((row) => row.id === 'gone@example.org')?.state).toBe('unsubscribed');
    expect(rows.some((row) => row.id === 'other@example.org')).toBe(false);
    console.log(`Resend listing: ${rows.length} contacts in ${fake.requests.filter((request) => request.path.startsWith(`/segments/${segmentId}/contacts`)).length} pages`);

    const file = join(mkdtempSync(join(tmpdir(), 'issue-')), 'issue.md');
    writeFileSync(file, '---\nsubject: Issue one\nlocale: en\n---\nHello **readers**.\n');
    const dry = await admin(env, ['newsletter', 'send', file, '--dry-run']);
    expect(dry.out).toMatch(/subscribed: 151\n\s+unsubscribed: 1\n/);
    expect(dry.out).toContain("Unsubscribe: {{{RESEND_UNSUBSCRIBE_URL}}}");
    expect(fake.broadcasts).toHaveLength(0);

    const sent = await admin(env, ['newsletter', 'send', file]);
    expect(sent.code).toBe(0);
    expect(fake.broadcasts).toHaveLength(1);
    const [broadcast] = fake.broadcasts;
    expect(broadcast!.body).toMatchObject({ segment_id: segmentId, subject: 'Issue one', send: true });
    expect(broadcast!.body.html).toContain('<p>Hello <strong>readers</strong>.</p>');
    expect(broadcast!.body.html).toContain('<a href="{{{RESEND_UNSUBSCRIBE_URL}}}">');
    expect(broadcast!.body.text).toContain('Unsubscribe: {{{RESEND_UNSUBSCRIBE_URL}}}');
    expect(JSON.parse(sent.out)).toEqual({ sent: 151, finished: true, broadcastId: broadcast!.id });

    const twice = await admin(env, ['newsletter', 'send', file]);
    expect(twice.code).toBe(1);
    expect(fake.broadcasts).toHaveLength(1);
  });

  it('a broadcast Resend refused may be sent later; one whose answer was lost is never sent again', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'issue-'));
    const refused = join(directory, 'refused.md');
    writeFileSync(refused, '---\nsubject: Issue two\nlocale: en\n---\nHello.\n');
    fake.setMode({ kind: 'fail', status: 422, name: 'validation_error', message: 'Invalid from' }, '/broadcasts');
    const first = await admin(env, ['newsletter', 'send', refused]);
    expect(first.code).toBe(1);
    expect(first.err).toContain('refused or failed');
    fake.setMode({ kind: 'ok' }, '/broadcasts');
    expect((await admin(env, ['newsletter', 'send', refused])).code).toBe(0);
    expect(fake.broadcasts.map((broadcast) => broadcast.body.subject)).toEqual(['Issue one', 'Issue two']);

    const lost = join(directory, 'lost.md');
    writeFileSync(lost, '---\nsubject: Issue three\nlocale: en\n---\nHello.\n');
    fake.setMode({ kind: 'fail', status: 500, name: 'internal_server_error', message: 'Oops' }, '/broadcasts');
    expect((await admin(env, ['newsletter', 'send', lost])).code).toBe(1);
    fake.setMode({ kind: 'ok' }, '/broadcasts');
    const again = await admin(env, ['newsletter', 'send', lost]);
    expect(again.code).toBe(1);
    expect(again.err).toContain("check Resend's broadcasts before anything is sent again");
    expect(fake.broadcasts).toHaveLength(2);
  });

  it('keeps a contact message and lists it delivered when Resend accepted its mail', async () => {
    expect((await post(server, '/api/contact', { name: 'Celina', email: 'celina@example.org', message: 'Dzień dobry.', locale: 'pl' })).status).toBe(200);
    const rows = JSON.parse((await admin(env, ['messages', '--json'])).out) as Array<Record<string, unknown>>;
    expect(rows.map((row) => [row.name, row.delivered])).toEqual([['Celina', true]]);
  });
});
