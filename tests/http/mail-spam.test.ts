/**
 * Spam defence on the HTML form path, against the built server: 100 bot posts of four kinds give
 * no ordinary owner mail and every one is delivered marked as suspected spam and recorded; a
 * person's post (solved proof of work, a few seconds of filling) and a JSON API client's post get
 * the ordinary mail. The newsletter's form path mails no one for a bot.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedProof } from '../support/altcha-solver';
import { readOutbox } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

const OWNER = 'owner@example.com';
const PREFIX = '[Podejrzenie spamu / Suspected spam] ';
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ CONTACT_EMAIL: OWNER });
});
afterAll(() => server?.stop());

// Each bot ticks the contact-list box too, so not filing it in Kontakt is the spam verdict's doing.
const fields = (index: number) => ({ name: `Bot ${index}`, email: `bot${index}@spam.example`, topic: 'Offer', message: 'Cheap backlinks for your site, best price!', locale: 'en', listConsent: 'true' });

/** What an HTML form sends: form-encoded, to the form's action. */
function postForm(path: string, body: Record<string, string>) {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
}

function spamLog(): Array<{ form: string; reasons: string; email: string }> {
  const db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT form, reasons, email FROM spam_log ORDER BY id').all() as Array<{ form: string; reasons: string; email: string }>;
  } finally {
    db.close();
  }
}

describe('the contact form path', () => {
  it('turns 100 bot posts into 0 ordinary mails: each one delivered marked as suspected spam and recorded', async () => {
    // Proofs solved ahead and left to age past the time trap, so the honeypot alone gives them away.
    const aged = await Promise.all(Array.from({ length: 25 }, () => solvedProof(server.url)));
    await sleep(3_200);
    const posts: Array<{ body: Record<string, string>; reasons: string }> = [];
    for (let index = 0; index < 100; index++) {
      const kind = index % 4;
      if (kind === 0) posts.push({ body: fields(index), reasons: 'no_proof_of_work' }); // no JavaScript
      if (kind === 1) posts.push({ body: { ...fields(index), website: 'https://spam.example', altcha: aged[index >> 2]! }, reasons: 'honeypot' });
      if (kind === 2) posts.push({ body: { ...fields(index), altcha: 'solve at once before posting' }, reasons: 'too_fast' }); // posted at once
      if (kind === 3) posts.push({ body: { ...fields(index), altcha: Buffer.from('{"challenge":{"parameters":{}},"solution":{}}').toString('base64') }, reasons: 'proof_of_work_invalid' });
    }
    for (const post of posts) {
      if (post.reasons === 'too_fast') post.body.altcha = await solvedProof(server.url);
      const response = await postForm('/api/contact', post.body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true }); // a bot learns nothing
    }
    const mails = (await readOutbox(server.dataDir)).filter((mail) => mail.to.includes(OWNER));
    expect(mails).toHaveLength(100);
    expect(mails.filter((mail) => !mail.subject.startsWith(PREFIX)).map((mail) => `${mail.subject} ${mail.header('x-spam-reasons')}`), 'ordinary owner mails').toEqual([]);
    for (const mail of mails) {
      expect(mail.header('x-spam-flag')).toBe('YES');
      const index = Number(/Bot (\d+)/.exec(mail.subject)![1]);
      expect(mail.header('x-spam-reasons')).toBe(posts[index]!.reasons);
      expect(mail.text).toContain('possible spam');
      expect(mail.text).toContain('Cheap backlinks'); // nothing lost: the message itself is there
    }
    const log = spamLog().filter((row) => row.form === 'contact');
    expect(log).toHaveLength(100);
    expect(new Set(log.map((row) => row.email)).size).toBe(100);
    // Suspected senders are not filed in the Kontakt segment.
    const db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    try {
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'list_contacts'").get();
      const filed = table ? db.prepare("SELECT COUNT(*) AS n FROM list_contacts WHERE email LIKE '%@spam.example'").get() : { n: 0 };
      expect(filed).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  }, 120_000);

  it('delivers a person\'s form post as an ordinary mail, and the same proof posted again is caught', async () => {
    const proof = await solvedProof(server.url);
    await sleep(3_200); // a person takes a few seconds to write
    const person = { name: 'Anna Nowak', email: 'anna@example.org', topic: 'Strona', message: 'Dzień dobry, potrzebujemy nowej strony.', locale: 'pl', website: '', altcha: proof };
    expect((await postForm('/api/contact', person)).status).toBe(200);
    const replay = await postForm('/api/contact', { ...person, email: 'copy@example.org' });
    expect(replay.status).toBe(200);
    const mails = await readOutbox(server.dataDir);
    const ordinary = mails.find((mail) => mail.mail.replyTo?.[0]?.address === 'anna@example.org')!;
    expect(ordinary.subject).toBe('[Kontakt] Strona — Anna Nowak');
    expect(ordinary.header('x-spam-flag')).toBeUndefined();
    const copied = mails.find((mail) => mail.mail.replyTo?.[0]?.address === 'copy@example.org')!;
    expect(copied.header('x-spam-reasons')).toBe('proof_of_work_reused');
  });

  it('keeps the JSON API as documented: no proof, no honeypot, { ok: true } and the ordinary mail', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Agent Smith', email: 'agent@example.org', message: 'Asking on behalf of a person about pricing.', locale: 'en' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const mail = (await readOutbox(server.dataDir)).find((each) => each.mail.replyTo?.[0]?.address === 'agent@example.org')!;
    expect(mail.subject).toBe('[Kontakt] Wiadomość ze strony — Agent Smith');
    expect(mail.header('x-spam-flag')).toBeUndefined();
  });

  it('serves challenges that are fresh, signed and never cached', async () => {
    const first = await fetch(`${server.url}/api/forms/challenge`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const challenge = await first.json();
    expect(challenge).toMatchObject({ parameters: { algorithm: 'SHA-256', cost: 1 }, signature: expect.any(String) });
    expect(Math.abs(challenge.parameters.data.issuedAt - Date.now())).toBeLessThan(10_000);
    expect(challenge.parameters.expiresAt * 1000 - Date.now()).toBeGreaterThan(119 * 60_000);
    const second = await (await fetch(`${server.url}/api/forms/challenge`)).json();
    expect(second.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });
});

describe('the newsletter form path', () => {
  it('sends no confirmation mail for bot posts (recorded instead), and one for a person', async () => {
    for (let index = 0; index < 10; index++) {
      const response = await postForm('/api/subscribe', { email: `victim${index}@example.org`, consent: 'true', locale: 'pl', website: index % 2 ? 'x' : '' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
    const proof = await solvedProof(server.url);
    await sleep(3_200);
    expect((await postForm('/api/subscribe', { email: 'reader@example.org', consent: 'on', locale: 'en', website: '', altcha: proof })).status).toBe(200);
    const mails = await readOutbox(server.dataDir);
    expect(mails.filter((mail) => mail.to.some((address) => address.startsWith('victim')))).toHaveLength(0);
    expect(mails.filter((mail) => mail.to.includes('reader@example.org')).map((mail) => mail.subject)).toEqual(['Confirm your newsletter subscription — Pracownia Cyfrowa']);
    expect(spamLog().filter((row) => row.form === 'subscribe')).toHaveLength(10);
  });

  it('still validates the fields on the form path (consent is required)', async () => {
    const response = await postForm('/api/subscribe', { email: 'x@example.org', locale: 'pl' });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/consent/);
  });
});
