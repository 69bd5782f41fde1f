/**
 * The built server in production with no mail provider (RESEND_API_KEY unset, so MAIL_PROVIDER is the
 * outbox): mail goes nowhere, and nothing calls that "ok". The start warns, /status/ shows mail as not
 * delivered, the owner's `messages` lists a received message as not delivered, and the newsletter tool
 * does not claim a confirmation mail is on its way. The visitor's message is still received (kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin';
import { readOutbox } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';
import { callTool } from '../support/mcp-call';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('production with mail only in the outbox', () => {
  it('warns at start that no mail leaves the server', async () => {
    await new Promise((resolve) => setTimeout(resolve, 700)); // the logger writes in batches
    const warning = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; setting?: string; msg: string })
      .find((line) => line.setting === 'MAIL_PROVIDER');
    expect(warning).toMatchObject({ level: 40 });
    expect(warning!.msg).toMatch(/RESEND_API_KEY is unset.*no mail leaves the server.*DATA_DIR\/outbox/);
  });

  it('shows mail on /status/ as not delivered, and the report as degraded', async () => {
    const report = await (await fetch(`${server.url}/status/?format=json`)).json();
    expect(report.status).toBe('degraded');
    expect(report.providers.find((item: { id: string }) => item.id === 'mail')).toMatchObject({
      provider: 'outbox',
      state: 'not_delivered',
      detail: 'mail stays in DATA_DIR/outbox on the server: nobody receives it',
    });
    expect(await (await fetch(`${server.url}/en/status/`)).text()).toContain('not delivered');
    expect(await (await fetch(`${server.url}/status/`)).text()).toContain('nie doręcza');
  });

  it('receives a message (kept, answered ok) and lists it for the owner as not delivered', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Anna Nowak', email: 'anna@example.org', message: 'Proszę o kontakt w sprawie strony.' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect((await readOutbox(server.dataDir)).map((mail) => mail.subject)).toEqual([expect.stringContaining('Anna Nowak')]);

    const listed = await runAdmin(server, {}, ['messages', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((row) => [row.name, row.delivered])).toEqual([['Anna Nowak', false]]);
    const shown = await runAdmin(server, {}, ['messages', 'show', String(rows[0]!.id)]);
    expect(shown.stdout).toMatch(/delivered:\s+no \(1 attempt: kept in DATA_DIR\/outbox: no mail provider is configured\)/);
  });

  it('does not tell an agent that a confirmation mail was sent; the REST answer stays { ok: true }', async () => {
    const { result } = await callTool(server.url, 'newsletter_subscribe', { email: 'ola@example.org', consent: true, locale: 'en' });
    expect(result.isError).toBeFalsy();
    expect(result.content[0]!.text).toBe('This site sends no e-mail yet, so no confirmation link went out; the address joins the list only once it is confirmed.');
    const rest = await fetch(`${server.url}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ewa@example.org', consent: true }),
    });
    expect(await rest.json()).toEqual({ ok: true });
  });
});
