/**
 * MAIL_PROVIDER=smtp through a real SMTP server on loopback (the `smtp-server` package): the message
 * as it arrives (parsed by postal-mime), authentication, a refusal and a server that never answers,
 * each as the API documents them (502 provider_unavailable, retryable).
 */
import { createServer, type Server, type Socket } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { startServer, type TestServer } from '../support/server';

interface Received {
  from: string;
  to: string[];
  user?: string;
  mail: Email;
}

const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;

beforeAll(async () => {
  smtpPort = await freePort();
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'site' && auth.password === 'p@ss w0rd') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse')) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((each) => each.address),
          user: session.user as string | undefined,
          mail: await PostalMime.parse(Buffer.concat(chunks)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

function post(server: TestServer, path: string, body: unknown) {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe('SMTP_URL with user and password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      SMTP_URL: `smtp://site:${encodeURIComponent('p@ss w0rd')}@127.0.0.1:${smtpPort}`,
      CONTACT_EMAIL: 'owner@example.com',
      MAIL_FROM: 'Pracownia Cyfrowa <no-reply@example.com>',
    });
  });
  afterAll(() => server?.stop());

  it('delivers the contact mail: envelope, headers, single-line subject, text, reply-to', async () => {
    received.length = 0;
    const response = await post(server, '/api/contact', {
      name: 'Zofia\r\nBcc: victim@example.net \u202Eevil',
      email: 'zofia@example.org',
      topic: 'Nowa strona',
      message: 'Dzień dobry, potrzebujemy strony dla fundacji — zażółć gęślą jaźń.',
      locale: 'pl',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.user).toBe('site');
    expect(message!.from).toBe('no-reply@example.com');
    expect(message!.to).toEqual(['owner@example.com']);
    expect(message!.mail.from).toMatchObject({ name: 'Pracownia Cyfrowa', address: 'no-reply@example.com' });
    expect(message!.mail.replyTo?.[0]?.address).toBe('zofia@example.org');
    expect(message!.mail.subject).toBe('[Kontakt] Nowa strona — Zofia Bcc: victim@example.net evil');
    expect(message!.mail.headers.find((header) => header.key === 'bcc')).toBeUndefined();
    expect(message!.mail.text).toContain('zażółć gęślą jaźń');
    expect(message!.mail.text).not.toContain('\u202E');
  });

  it('sends the double opt-in mail with its List-Unsubscribe headers', async () => {
    received.length = 0;
    expect((await post(server, '/api/subscribe', { email: 'reader@example.org', consent: true, locale: 'en' })).status).toBe(200);
    expect(received).toHaveLength(1);
    const { mail } = received[0]!;
    expect(mail.subject).toBe('Confirm your newsletter subscription — Pracownia Cyfrowa');
    expect(mail.headers.find((header) => header.key === 'list-unsubscribe')?.value).toMatch(/^<http:\/\/localhost:4321\/en\/newsletter\/unsubscribe\/\?token=[\w.-]+>$/);
    expect(mail.headers.find((header) => header.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click');
  });

  it('answers 502 provider_unavailable, retryable, when the server refuses the recipient', async () => {
    const refusing = await startServer({ SMTP_URL: `smtp://site:${encodeURIComponent('p@ss w0rd')}@127.0.0.1:${smtpPort}`, CONTACT_EMAIL: 'refuse@example.com' });
    try {
      const response = await post(refusing, '/api/contact', { name: 'Jan Nowak', email: 'jan@example.org', message: 'Wiadomość testowa, dość długa.', locale: 'pl' });
      expect(response.status).toBe(502);
      const body = await response.json();
      expect(body.error).toMatchObject({ code: 'provider_unavailable', retryable: true });
      expect(JSON.stringify(body)).not.toMatch(/Mailbox unavailable|550/);
      // The log is written in batches (at most half a second late).
      await expect.poll(() => refusing.output(), { timeout: 3000 }).toMatch(/\[smtp\] send e-mail failed: 550/);
    } finally {
      await refusing.stop();
    }
  });
});

describe('SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD', () => {
  it('authenticates with the parts, and a wrong password is a 502 (retryable), not a 500', async () => {
    const good = await startServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_USER: 'site', SMTP_PASSWORD: 'p@ss w0rd', CONTACT_EMAIL: 'owner@example.com' });
    const bad = await startServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_USER: 'site', SMTP_PASSWORD: 'wrong', CONTACT_EMAIL: 'owner@example.com' });
    try {
      received.length = 0;
      const body = { name: 'Jan Nowak', email: 'jan@example.org', message: 'Wiadomość testowa, dość długa.', locale: 'pl' };
      expect((await post(good, '/api/contact', body)).status).toBe(200);
      expect(received).toHaveLength(1);
      const status = async (target: TestServer) =>
        ((await (await fetch(`${target.url}/status/?format=json`)).json()).providers as Array<{ id: string; provider: string; state: string }>).find((each) => each.id === 'mail');
      expect(await status(good)).toMatchObject({ provider: 'smtp', state: 'ok' });
      expect(await status(bad)).toMatchObject({ provider: 'smtp', state: 'key_refused' });
      const refused = await post(bad, '/api/contact', body);
      expect(refused.status).toBe(502);
      expect((await refused.json()).error).toMatchObject({ code: 'provider_unavailable', retryable: true });
      expect(received).toHaveLength(1);
    } finally {
      await Promise.all([good.stop(), bad.stop()]);
    }
  });
});

describe('an SMTP server that never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // Accepts the connection and then says nothing: no greeting, ever.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('answers 502 provider_unavailable (retryable) within the 10 s provider deadline', async () => {
    const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const started = Date.now();
      const response = await post(server, '/api/contact', { name: 'Jan Nowak', email: 'jan@example.org', message: 'Wiadomość testowa, dość długa.', locale: 'pl' });
      const elapsed = Date.now() - started;
      expect(response.status).toBe(502);
      const body = await response.json();
      expect(body.error).toMatchObject({ code: 'provider_unavailable', retryable: true });
      expect(body.error.message).toMatch(/did not answer in time/);
      expect(elapsed).toBeGreaterThanOrEqual(9_000);
      expect(elapsed).toBeLessThan(20_000);
    } finally {
      await server.stop();
    }
  });
});
