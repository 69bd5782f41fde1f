/**
 * A production start (NODE_ENV=production, as tests/support/server.ts starts every server) with the
 * samples of .env.example and weak secrets: one log line per problem naming its setting, no secret's
 * value anywhere, /status/ showing them to the owner's link only, and a refusal to start where a weak
 * secret alone would guard the write tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateJwk } from '../support/oauth';
import { runAdmin } from '../support/admin';
import { startServer, type TestServer } from '../support/server';

const weakSecret = 'tiny-secret-value';
let server: TestServer;
let lines: Array<{ level: number; setting?: string; msg: string }>;

beforeAll(async () => {
  server = await startServer({
    // CONTACT_EMAIL, BOOKING_URL and LINK_SIGNING_SECRET keep their defaults: the example address, the sample link, unset.
    OAUTH_CLIENT_ID: 'site-backend',
    OAUTH_CLIENT_SECRET: weakSecret,
    CAL_API_KEY: 'cal_live_key_without_event_type',
  });
  // The logger writes in batches every 500 ms.
  await new Promise((resolve) => setTimeout(resolve, 700));
  lines = server.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
});
afterAll(async () => {
  await server?.stop();
});

describe('a production start with example values', () => {
  it('logs one warning line per problem, naming its setting', () => {
    const warnings = lines.filter((line) => line.setting);
    for (const line of warnings) console.log(`start warning: ${line.msg}`);
    expect(warnings.map((line) => line.setting).sort()).toEqual(['BOOKING_URL', 'CAL_EVENT_TYPE_ID', 'CONTACT_EMAIL', 'LINK_SIGNING_SECRET', 'MAIL_PROVIDER', 'OAUTH_CLIENT_SECRET', 'SITE_URL']);
    expect(warnings.every((line) => line.level === 40 && line.msg.includes(line.setting!))).toBe(true);
    expect(warnings.find((line) => line.setting === 'BOOKING_URL')!.msg).toContain('https://cal.com/example/konsultacja');
    expect(warnings.find((line) => line.setting === 'OAUTH_CLIENT_SECRET')!.msg).toContain(`${weakSecret.length} characters`);
    // No RESEND_API_KEY: the outbox, where mail reaches nobody.
    expect(warnings.find((line) => line.setting === 'MAIL_PROVIDER')!.msg).toMatch(/no mail leaves the server.*DATA_DIR\/outbox/);
  });

  it('never prints a secret', () => {
    expect(server.output()).not.toContain(weakSecret);
    expect(server.output()).not.toContain('cal_live_key_without_event_type');
  });

  it('shows them on /status/ to the owner only: the public page and JSON say nothing of the settings', async () => {
    const report = await (await fetch(`${server.url}/status/?format=json`)).json();
    expect(report.configuration).toBeUndefined();
    expect(report.providers.length).toBeGreaterThan(0);
    for (const path of ['/status/', '/en/status/', '/status/?owner=forged.token']) {
      const page = await (await fetch(`${server.url}${path}`)).text();
      expect(page).not.toMatch(/Ustawienia:|Settings:|CONTACT_EMAIL|BOOKING_URL/);
    }

    // The owner's link, from the admin command over the same DATA_DIR (its generated signing secret).
    const link = await runAdmin(server, {}, ['status-link']);
    expect(link.code).toBe(0);
    expect(link.stderr).toContain('Valid 90 days');
    const [polishLink, englishLink] = link.stdout.trim().split('\n').map((url) => url.replace('http://localhost:4321', server.url));
    expect(polishLink).toMatch(/\/status\/\?owner=[\w-]+\.[\w-]+$/);
    expect(englishLink).toMatch(/\/en\/status\/\?owner=/);
    const owner = await (await fetch(polishLink!.replace('?owner=', '?format=json&owner='))).json();
    expect(owner.configuration).toMatchObject({ warnings: 7, settings: ['CONTACT_EMAIL', 'BOOKING_URL', 'MAIL_PROVIDER', 'CAL_EVENT_TYPE_ID', 'SITE_URL'] });
    expect(owner.configuration.findings).toHaveLength(7);
    expect(JSON.stringify(owner.configuration.findings)).toContain('https://cal.com/example/konsultacja');
    // A server started without rebuilding (SKIP_BUILD=1) has no publishing state to show.
    expect(owner.publishing).toBeUndefined();
    const polish = await (await fetch(polishLink!)).text();
    expect(polish).toContain('Widok właściciela');
    expect(polish).toMatch(/Ustawienia: 7\u00a0ostrzeżeń|Ustawienia: 7 ostrzeżeń/);
    expect(polish).toContain('https://cal.com/example/konsultacja');
    // The JSON link of the owner's page keeps the owner's token.
    expect(polish).toMatch(/href="\/status\/\?format=json&amp;owner=[\w.-]+"/);
    const english = await (await fetch(englishLink!)).text();
    expect(english).toContain('Settings: 7 warnings');
    for (const page of [polish, english, JSON.stringify(owner)]) expect(page).not.toMatch(/tiny-secret/);
  });

  it("writes the owner's warnings in the page's language, each with a stable code in the JSON", async () => {
    const link = await runAdmin(server, {}, ['status-link']);
    const [polishLink, englishLink] = link.stdout.trim().split('\n').map((url) => url.replace('http://localhost:4321', server.url));
    type Findings = Array<{ code: string; setting: string; message: string }>;
    const findingsOf = async (url: string) => ((await (await fetch(url.replace('?owner=', '?format=json&owner='))).json()) as { configuration: { findings: Findings } }).configuration.findings;
    const polish = await findingsOf(polishLink!);
    const english = await findingsOf(englishLink!);
    // The same warnings in the same order, told apart by code whatever the language.
    expect(polish.map(({ code, setting }) => ({ code, setting }))).toEqual(english.map(({ code, setting }) => ({ code, setting })));
    expect(polish.map((finding) => finding.code)).toEqual([
      'contact_email_example', 'booking_url_sample', 'mail_outbox_no_key', 'oauth_client_secret_weak', 'link_signing_secret_unset', 'cal_half_configured', 'site_url_local',
    ]);
    const byCode = (findings: Findings, code: string) => findings.find((finding) => finding.code === code)!.message;
    expect(byCode(polish, 'booking_url_sample')).toBe('BOOKING_URL to przykładowy link https://cal.com/example/konsultacja: odwiedzający trafiają do cudzego kalendarza. Ustaw własną stronę rezerwacji.');
    expect(byCode(english, 'booking_url_sample')).toBe("BOOKING_URL is the sample link https://cal.com/example/konsultacja: visitors are sent to someone else's calendar. Set your own booking page.");
    expect(byCode(polish, 'oauth_client_secret_weak')).toMatch(/^OAUTH_CLIENT_SECRET jest słaby \(znaków: 17\)/);
    expect(byCode(polish, 'cal_half_configured')).toMatch(/^CAL_API_KEY jest ustawiony bez CAL_EVENT_TYPE_ID/);

    // The pages show the same sentences (typeset: a no-break space may follow a single-letter word).
    const items = (html: string) => [...html.matchAll(/<section class="owner"[\s\S]*?<\/section>/g)].flatMap(([section]) => [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => item!.replace(/\u00a0|&nbsp;|&#160;/g, ' ').replace(/&#39;|&#x27;/g, "'")));
    const polishPage = items(await (await fetch(polishLink!)).text());
    const englishPage = items(await (await fetch(englishLink!)).text());
    expect(polishPage).toHaveLength(7);
    expect(polishPage).toContain(byCode(polish, 'link_signing_secret_unset'));
    expect(polishPage.join('\n')).not.toMatch(/ is (set|not set|the sample|weak)/);
    expect(englishPage).toContain(byCode(english, 'link_signing_secret_unset'));
  });
});

describe('a production start that would not be safe', () => {
  it('refuses a weak OAUTH_CLIENT_SECRET while OAUTH_ENFORCEMENT is on, naming the setting', async () => {
    const attempt = startServer({ OAUTH_ENFORCEMENT: 'write', OAUTH_SIGNING_KEY: await privateJwk(), OAUTH_CLIENT_ID: 'site-backend', OAUTH_CLIENT_SECRET: weakSecret });
    const error = await attempt.then(() => undefined, (reason: Error) => reason);
    expect(error?.message).toMatch(/exited with 1 before listening/);
    expect(error?.message).toMatch(/OAUTH_CLIENT_SECRET is weak \(17 characters\)/);
    expect(error?.message).not.toContain(weakSecret);
  });
});
