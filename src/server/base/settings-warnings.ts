/**
 * Settings that parse but would not serve a real deployment: the samples of `.env.example`, secrets
 * too short to resist guessing, a sender address a mail relay refuses, a provider half set up. Every
 * such check lives here, fed by the parsed settings; `npm start` logs each finding on one line and
 * /status/ counts them for the owner. A provider set up by half, or a sender no relay takes, is
 * reported everywhere (the owner set something that will not work); example values and weak secrets
 * only in production (they are the embedded defaults of a first run). Each finding has a stable code;
 * its sentence, per language, is in the string catalogue (`settingsWarnings`), filled with the values
 * the finding names. Sentences name the setting and never show a secret.
 *
 * Only one finding stops the server: a short OAUTH_CLIENT_SECRET while OAUTH_ENFORCEMENT is on, where
 * that secret alone guards the write tools. The others are warnings: a deployment that has no account
 * yet still runs on the embedded defaults, as the site promises.
 */
import type { Locale } from './i18n';
import type { SettingName, Settings } from './settings';
import { en } from '../../i18n/en.ts';
import { fill } from '../../i18n/fill.ts';
import { pl } from '../../i18n/pl.ts';

/** What is wrong, as a stable code (the key of its sentence in the catalogue). */
export type SettingsWarningCode = keyof typeof pl.settingsWarnings;

export interface SettingsFinding {
  code: SettingsWarningCode;
  /** The setting to change (names are not secret; values of secrets never appear). */
  setting: SettingName;
  /** True when the setting holds a secret: /status/ counts such findings without naming them. */
  secret: boolean;
  /** `refuse`: production does not start; `warn`: it starts and says so. */
  severity: 'refuse' | 'warn';
  /** Reported outside production too: a setting the owner gave that will not work as meant. */
  always: boolean;
  /** The values the sentence names (addresses, lengths, setting names; never a secret's value). */
  values: Record<string, string | number>;
  /** The sentence in English, for the log and a refusal to start: what is wrong and what to set. */
  message: string;
}

// The catalogues themselves, not src/i18n/ui.ts: `npm start` loads this module as TypeScript, without a bundler.
const catalogues = { pl, en } as const;

/** A finding's sentence in a language, from the string catalogue. */
export function findingText(finding: Pick<SettingsFinding, 'code' | 'values'>, locale: Locale): string {
  const text: string = catalogues[locale].settingsWarnings[finding.code];
  return fill(text, finding.values);
}

/** Secrets shorter than this are within reach of guessing; `openssl rand -base64 48` gives 64. */
export const MIN_SECRET_LENGTH = 32;

/** The sample booking link of `.env.example` and the settings' default: someone else's calendar. */
export const SAMPLE_BOOKING_URL = 'https://cal.com/example/konsultacja';

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): nobody reads mail there. */
const exampleDomain = /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost)$/i;

/**
 * Free-mail domains: their DMARC policy makes relays (Resend, any SMTP provider) refuse or bin a
 * message sent "from" them by someone else's server, so a derived `no-reply@gmail.com` never arrives.
 */
const freeMailDomains = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com', 'ymail.com',
  'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'pm.me', 'gmx.com', 'gmx.net',
  'gmx.de', 'mail.com', 'zoho.com', 'yandex.com', 'wp.pl', 'o2.pl', 'onet.pl', 'op.pl', 'interia.pl', 'tlen.pl',
]);

function domainOf(address: string): string {
  const angle = /<([^>]+)>/.exec(address);
  return (angle ? angle[1]! : address).trim().split('@').pop()!.toLowerCase();
}

/** A secret made of few distinct characters (`aaaa…`, `1234…1234`) is as weak as a short one. */
function lowVariety(secret: string): boolean {
  return new Set(secret).size < 10;
}

export function settingsFindings(settings: Settings): SettingsFinding[] {
  const findings: SettingsFinding[] = [];
  type Values = SettingsFinding['values'];
  const add = (finding: Omit<SettingsFinding, 'message'>) => findings.push({ ...finding, message: findingText(finding, 'en') });
  const warn = (setting: SettingName, code: SettingsWarningCode, values: Values = {}, secret = false) => add({ code, setting, secret, severity: 'warn', always: false, values });
  /** A provider set up by half or a sender no relay takes: said in every mode. */
  const misconfigured = (setting: SettingName, code: SettingsWarningCode, values: Values = {}) => add({ code, setting, secret: false, severity: 'warn', always: true, values });

  const contactDomain = domainOf(settings.CONTACT_EMAIL);
  if (exampleDomain.test(contactDomain)) warn('CONTACT_EMAIL', 'contact_email_example', { address: settings.CONTACT_EMAIL });
  if (settings.BOOKING_URL === SAMPLE_BOOKING_URL || exampleDomain.test(new URL(settings.BOOKING_URL).hostname)) {
    warn('BOOKING_URL', 'booking_url_sample', { url: settings.BOOKING_URL });
  }
  if (settings.mailProvider === 'outbox') warn('MAIL_PROVIDER', settings.MAIL_PROVIDER ? 'mail_outbox' : 'mail_outbox_no_key');
  const fromDomain = domainOf(settings.mailFrom);
  if ((settings.mailProvider === 'resend' || settings.mailProvider === 'smtp') && freeMailDomains.has(fromDomain)) {
    if (settings.MAIL_FROM) misconfigured('MAIL_FROM', 'mail_from_free_mail', { domain: fromDomain, provider: settings.mailProvider });
    else misconfigured('MAIL_FROM', 'mail_from_derived_free_mail', { address: settings.mailFrom, provider: settings.mailProvider });
  }
  if (settings.OAUTH_CLIENT_SECRET !== undefined && (settings.OAUTH_CLIENT_SECRET.length < MIN_SECRET_LENGTH || lowVariety(settings.OAUTH_CLIENT_SECRET))) {
    add({
      code: 'oauth_client_secret_weak',
      setting: 'OAUTH_CLIENT_SECRET',
      secret: true,
      always: false,
      severity: settings.OAUTH_ENFORCEMENT === 'off' ? 'warn' : 'refuse',
      values: { length: settings.OAUTH_CLIENT_SECRET.length, minimum: MIN_SECRET_LENGTH },
    });
  }
  if (settings.OAUTH_CIMD_TEST_HOSTS) misconfigured('OAUTH_CIMD_TEST_HOSTS', 'oauth_cimd_test_hosts', { hosts: settings.OAUTH_CIMD_TEST_HOSTS });
  if (settings.LINK_SIGNING_SECRET === undefined) warn('LINK_SIGNING_SECRET', 'link_signing_secret_unset', {}, true);
  else if (lowVariety(settings.LINK_SIGNING_SECRET)) warn('LINK_SIGNING_SECRET', 'link_signing_secret_weak', { minimum: MIN_SECRET_LENGTH }, true);
  if (Boolean(settings.CAL_API_KEY) !== Boolean(settings.CAL_EVENT_TYPE_ID)) {
    const [present, missing] = settings.CAL_API_KEY ? (['CAL_API_KEY', 'CAL_EVENT_TYPE_ID'] as const) : (['CAL_EVENT_TYPE_ID', 'CAL_API_KEY'] as const);
    misconfigured(missing, 'cal_half_configured', { present, missing });
  }
  if (settings.CHAT_API_KEY && !settings.CHAT_BASE_URL) misconfigured('CHAT_BASE_URL', 'chat_key_without_url');
  if (settings.RESEND_SEGMENT_ID && settings.mailProvider !== 'resend') misconfigured('RESEND_SEGMENT_ID', 'resend_segment_without_resend', { provider: settings.mailProvider });
  const site = new URL(settings.SITE_URL);
  if (['localhost', '127.0.0.1', '[::1]'].includes(site.hostname) || exampleDomain.test(site.hostname)) {
    warn('SITE_URL', 'site_url_local', { url: settings.SITE_URL });
  }
  return findings;
}

/** Whether this process serves production (every finding is reported, and refusals enforced, only there). */
export function isProduction(environment: Record<string, string | undefined> = process.env): boolean {
  return environment.NODE_ENV === 'production';
}

/** What this process reports: every finding in production, elsewhere those about settings that will not work. */
export function reportedFindings(settings: Settings, environment: Record<string, string | undefined> = process.env): SettingsFinding[] {
  const findings = settingsFindings(settings);
  return isProduction(environment) ? findings : findings.filter((finding) => finding.always);
}

/** The public view for /status/: how many findings, and the names of those that are not about secrets. */
export function configurationSummary(findings: SettingsFinding[]): { warnings: number; settings: SettingName[] } {
  return { warnings: findings.length, settings: [...new Set(findings.filter((finding) => !finding.secret).map((finding) => finding.setting))] };
}
