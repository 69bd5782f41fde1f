import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/server/base/settings';
import { configurationSummary, findingText, isProduction, reportedFindings, SAMPLE_BOOKING_URL, settingsFindings } from '../../src/server/base/settings-warnings';

const real = {
  SITE_URL: 'https://pracownia.pl',
  CONTACT_EMAIL: 'biuro@pracownia.pl',
  BOOKING_URL: 'https://cal.com/pracownia/konsultacja',
  LINK_SIGNING_SECRET: 'Vq3r9PzL0xw7KdM2bT5nY8cH1jF6gA4s',
  RESEND_API_KEY: 're_live_key',
};
const findingsOf = (environment: Record<string, string>) => settingsFindings(parseSettings(environment));
const settingsOf = (environment: Record<string, string>) => findingsOf(environment).map((finding) => finding.setting);

describe('settings findings', () => {
  it('find nothing in a deployment with real values', () => {
    expect(findingsOf(real)).toEqual([]);
  });

  it('name the samples of .env.example: the example address, the sample booking link, a localhost SITE_URL', () => {
    expect(settingsOf({ LINK_SIGNING_SECRET: real.LINK_SIGNING_SECRET, RESEND_API_KEY: 're_x' })).toEqual(['CONTACT_EMAIL', 'BOOKING_URL', 'SITE_URL']);
    expect(settingsOf({ ...real, CONTACT_EMAIL: 'ja@example.org' })).toEqual(['CONTACT_EMAIL']);
    expect(settingsOf({ ...real, CONTACT_EMAIL: 'ja@biuro.example.net' })).toEqual(['CONTACT_EMAIL']);
    expect(settingsOf({ ...real, BOOKING_URL: SAMPLE_BOOKING_URL })).toEqual(['BOOKING_URL']);
  });

  it('name a sender derived onto a free-mail domain that a relay refuses, only when mail is really sent', () => {
    const gmail = { ...real, CONTACT_EMAIL: 'pracownia@gmail.com' };
    const derived = findingsOf({ ...gmail, RESEND_API_KEY: 're_x' });
    expect(derived.map((finding) => finding.setting)).toEqual(['MAIL_FROM']);
    expect(derived[0]!.message).toContain('no-reply@gmail.com');
    expect(settingsOf({ ...gmail, SMTP_URL: 'smtp://mail.pracownia.pl:587', MAIL_FROM: 'Strona <no-reply@wp.pl>' })).toEqual(['MAIL_FROM']);
    expect(settingsOf({ ...gmail, RESEND_API_KEY: 're_x', MAIL_FROM: 'Strona <no-reply@pracownia.pl>' })).toEqual([]);
    // The outbox sends nothing, so no sender is judged: what is said is that no mail leaves.
    expect(settingsOf({ ...gmail, MAIL_PROVIDER: 'outbox' })).toEqual(['MAIL_PROVIDER']);
  });

  it('name the outbox in production: mail that reaches nobody (RESEND_API_KEY unset, or MAIL_PROVIDER=outbox)', () => {
    const { RESEND_API_KEY: _, ...noKey } = real;
    const [finding] = findingsOf(noKey);
    expect(finding).toMatchObject({ setting: 'MAIL_PROVIDER', secret: false, severity: 'warn', always: false });
    expect(finding!.message).toMatch(/RESEND_API_KEY is unset.*DATA_DIR\/outbox/);
    expect(settingsOf({ ...real, MAIL_PROVIDER: 'outbox' })).toEqual(['MAIL_PROVIDER']);
    expect(reportedFindings(parseSettings(noKey), {})).toEqual([]);
  });

  it('call a short or repetitive OAUTH_CLIENT_SECRET weak, and refuse it only with enforcement on', () => {
    const short = findingsOf({ ...real, OAUTH_CLIENT_ID: 'site', OAUTH_CLIENT_SECRET: 'x' });
    expect(short).toMatchObject([{ setting: 'OAUTH_CLIENT_SECRET', secret: true, severity: 'warn' }]);
    expect(findingsOf({ ...real, OAUTH_CLIENT_ID: 'site', OAUTH_CLIENT_SECRET: 'a'.repeat(40) })[0]).toMatchObject({ setting: 'OAUTH_CLIENT_SECRET' });
    expect(findingsOf({ ...real, OAUTH_CLIENT_ID: 'site', OAUTH_CLIENT_SECRET: 'Vq3r9PzL0xw7KdM2bT5nY8cH1jF6gA4s' })).toEqual([]);
    const enforced = findingsOf({ ...real, OAUTH_CLIENT_ID: 'site', OAUTH_CLIENT_SECRET: 'tiny-secret-value', OAUTH_ENFORCEMENT: 'write', OAUTH_SIGNING_KEY: '{"kty":"OKP","crv":"Ed25519","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}' });
    expect(enforced).toMatchObject([{ setting: 'OAUTH_CLIENT_SECRET', severity: 'refuse' }]);
    expect(enforced[0]!.message).not.toContain('tiny-secret-value');
  });

  it('name an unset or repetitive LINK_SIGNING_SECRET', () => {
    const { LINK_SIGNING_SECRET: _, ...unset } = real;
    expect(findingsOf(unset)).toMatchObject([{ setting: 'LINK_SIGNING_SECRET', secret: true }]);
    expect(settingsOf({ ...real, LINK_SIGNING_SECRET: '0123456701234567012345670123456701' })).toEqual(['LINK_SIGNING_SECRET']);
  });

  it('name a provider set up by half', () => {
    expect(settingsOf({ ...real, CAL_API_KEY: 'cal_x' })).toEqual(['CAL_EVENT_TYPE_ID']);
    expect(settingsOf({ ...real, CAL_EVENT_TYPE_ID: '7' })).toEqual(['CAL_API_KEY']);
    expect(settingsOf({ ...real, CHAT_API_KEY: 'k' })).toEqual(['CHAT_BASE_URL']);
    expect(settingsOf({ ...real, MAIL_PROVIDER: 'outbox', RESEND_SEGMENT_ID: 'seg' })).toEqual(['MAIL_PROVIDER', 'RESEND_SEGMENT_ID']);
  });

  it('summarise for the public: the count, and names only of settings that hold no secret', () => {
    const findings = findingsOf({ OAUTH_CLIENT_ID: 'site', OAUTH_CLIENT_SECRET: 'x' });
    expect(configurationSummary(findings)).toEqual({ warnings: 6, settings: ['CONTACT_EMAIL', 'BOOKING_URL', 'MAIL_PROVIDER', 'SITE_URL'] });
  });

  it('are all reported in production; elsewhere only the settings given that will not work', () => {
    expect(isProduction({ NODE_ENV: 'production' })).toBe(true);
    expect(isProduction({})).toBe(false);
    const settings = parseSettings({ CAL_API_KEY: 'cal_key', OAUTH_CLIENT_ID: 'site', OAUTH_CLIENT_SECRET: 'x' });
    expect(reportedFindings(settings, { NODE_ENV: 'production' }).map((finding) => finding.setting)).toEqual(
      settingsFindings(settings).map((finding) => finding.setting),
    );
    expect(reportedFindings(settings, {}).map((finding) => finding.setting)).toEqual(['CAL_EVENT_TYPE_ID']);
    expect(reportedFindings(parseSettings({}), {})).toEqual([]);
  });

  it('give each finding a stable code and its sentence in Polish and English from the string catalogue, the English one in `message`', () => {
    const findings = findingsOf({ CONTACT_EMAIL: 'ja@example.org', OAUTH_CLIENT_ID: 'site', OAUTH_CLIENT_SECRET: 'x', CHAT_API_KEY: 'k' });
    expect(findings.map((finding) => finding.code)).toEqual([
      'contact_email_example', 'booking_url_sample', 'mail_outbox_no_key', 'oauth_client_secret_weak', 'link_signing_secret_unset', 'chat_key_without_url', 'site_url_local',
    ]);
    for (const finding of findings) {
      expect(finding.message).toBe(findingText(finding, 'en'));
      expect(findingText(finding, 'pl')).not.toBe(finding.message);
      expect(findingText(finding, 'pl')).toContain(finding.setting === 'CHAT_BASE_URL' ? 'CHAT_API_KEY' : finding.setting);
      expect(findingText(finding, 'pl')).not.toMatch(/\{\w+\}/);
    }
    const contact = findings.find((finding) => finding.code === 'contact_email_example')!;
    expect(findingText(contact, 'pl')).toBe('CONTACT_EMAIL to ja@example.org, adres przykładowy: wiadomości z formularza i zapytania nie trafiają do nikogo. Ustaw adres właściciela.');
    expect(contact.message).toBe("CONTACT_EMAIL is ja@example.org, an example address: contact mail and inquiries reach nobody. Set the owner's address.");
    const weak = findings.find((finding) => finding.code === 'oauth_client_secret_weak')!;
    expect(findingText(weak, 'pl')).toContain('znaków: 1)');
  });
});
