/**
 * Settings that parse but would not serve a real deployment: the samples of `.env.example`, secrets
 * too short to resist guessing, a sender address a mail relay refuses, a provider half set up. Every
 * such check lives here, fed by the parsed settings; `npm start` logs each finding on one line and
 * /status/ counts them for the owner. A provider set up by half, or a sender no relay takes, is
 * reported everywhere (the owner set something that will not work); example values and weak secrets
 * only in production (they are the embedded defaults of a first run). Messages name the setting and
 * never show a secret.
 *
 * Only one finding stops the server: a short OAUTH_CLIENT_SECRET while OAUTH_ENFORCEMENT is on, where
 * that secret alone guards the write tools. The others are warnings: a deployment that has no account
 * yet still runs on the embedded defaults, as the site promises.
 */
import type { SettingName, Settings } from './settings';

export interface SettingsFinding {
  /** The setting to change (names are not secret; values of secrets never appear). */
  setting: SettingName;
  /** True when the setting holds a secret: /status/ counts such findings without naming them. */
  secret: boolean;
  /** `refuse`: production does not start; `warn`: it starts and says so. */
  severity: 'refuse' | 'warn';
  /** Reported outside production too: a setting the owner gave that will not work as meant. */
  always: boolean;
  /** One line for the owner: what is wrong and what to set. */
  message: string;
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
  const warn = (setting: SettingName, message: string, secret = false) => findings.push({ setting, secret, severity: 'warn', always: false, message });
  /** A provider set up by half or a sender no relay takes: said in every mode. */
  const misconfigured = (setting: SettingName, message: string) => findings.push({ setting, secret: false, severity: 'warn', always: true, message });

  const contactDomain = domainOf(settings.CONTACT_EMAIL);
  if (exampleDomain.test(contactDomain)) {
    warn('CONTACT_EMAIL', `CONTACT_EMAIL is ${settings.CONTACT_EMAIL}, an example address: contact mail and inquiries reach nobody. Set the owner's address.`);
  }
  if (settings.BOOKING_URL === SAMPLE_BOOKING_URL || exampleDomain.test(new URL(settings.BOOKING_URL).hostname)) {
    warn('BOOKING_URL', `BOOKING_URL is the sample link ${settings.BOOKING_URL}: visitors are sent to someone else's calendar. Set your own booking page.`);
  }
  if (settings.mailProvider === 'outbox') {
    warn(
      'MAIL_PROVIDER',
      `MAIL_PROVIDER is outbox${settings.MAIL_PROVIDER ? '' : ' (RESEND_API_KEY is unset)'}: no mail leaves the server. Mail to you and to visitors (confirmations, newsletter) stays in DATA_DIR/outbox as .eml files. Set RESEND_API_KEY (or SMTP_URL).`,
    );
  }
  const fromDomain = domainOf(settings.mailFrom);
  if ((settings.mailProvider === 'resend' || settings.mailProvider === 'smtp') && freeMailDomains.has(fromDomain)) {
    misconfigured(
      'MAIL_FROM',
      settings.MAIL_FROM
        ? `MAIL_FROM is on ${fromDomain}, a free-mail domain: ${settings.mailProvider} cannot send from it and recipients' servers refuse it. Set an address on a domain you verified.`
        : `MAIL_FROM is unset, so it is derived from CONTACT_EMAIL as ${settings.mailFrom}, a free-mail domain ${settings.mailProvider} cannot send from. Set MAIL_FROM on a domain you verified.`,
    );
  }
  if (settings.OAUTH_CLIENT_SECRET !== undefined && (settings.OAUTH_CLIENT_SECRET.length < MIN_SECRET_LENGTH || lowVariety(settings.OAUTH_CLIENT_SECRET))) {
    findings.push({
      setting: 'OAUTH_CLIENT_SECRET',
      secret: true,
      always: false,
      severity: settings.OAUTH_ENFORCEMENT === 'off' ? 'warn' : 'refuse',
      message: `OAUTH_CLIENT_SECRET is weak (${settings.OAUTH_CLIENT_SECRET.length} characters): anyone who guesses it gets tokens for every scope. Set at least ${MIN_SECRET_LENGTH} random characters (e.g. openssl rand -base64 48).`,
    });
  }
  if (settings.OAUTH_CIMD_TEST_HOSTS) {
    misconfigured('OAUTH_CIMD_TEST_HOSTS', `OAUTH_CIMD_TEST_HOSTS is set (${settings.OAUTH_CIMD_TEST_HOSTS}): client metadata documents may be fetched from these loopback ports. It exists for tests; unset it on a real deployment.`);
  }
  if (settings.LINK_SIGNING_SECRET === undefined) {
    warn('LINK_SIGNING_SECRET', 'LINK_SIGNING_SECRET is not set: a secret generated in DATA_DIR signs mail links and form tokens, different on every server. Set one value for all servers.', true);
  } else if (lowVariety(settings.LINK_SIGNING_SECRET)) {
    warn('LINK_SIGNING_SECRET', `LINK_SIGNING_SECRET is weak (fewer than 10 distinct characters): mail links and form tokens can be forged. Set ${MIN_SECRET_LENGTH}+ random characters.`, true);
  }
  if (Boolean(settings.CAL_API_KEY) !== Boolean(settings.CAL_EVENT_TYPE_ID)) {
    const missing = settings.CAL_API_KEY ? 'CAL_EVENT_TYPE_ID' : 'CAL_API_KEY';
    misconfigured(missing, `${settings.CAL_API_KEY ? 'CAL_API_KEY' : 'CAL_EVENT_TYPE_ID'} is set without ${missing}: Cal.com is not used and bookings go to the embedded office hours. Set both or neither.`);
  }
  if (settings.CHAT_API_KEY && !settings.CHAT_BASE_URL) {
    misconfigured('CHAT_BASE_URL', 'CHAT_API_KEY is set without CHAT_BASE_URL: the key is not used. Set the model server URL, or remove the key.');
  }
  if (settings.RESEND_SEGMENT_ID && settings.mailProvider !== 'resend') {
    misconfigured('RESEND_SEGMENT_ID', `RESEND_SEGMENT_ID is set but mail goes through ${settings.mailProvider}: subscribers stay in the embedded list. Set RESEND_API_KEY, or remove the segment.`);
  }
  const site = new URL(settings.SITE_URL);
  if (['localhost', '127.0.0.1', '[::1]'].includes(site.hostname) || exampleDomain.test(site.hostname)) {
    warn('SITE_URL', `SITE_URL is ${settings.SITE_URL}: every link in documents, mails and agent cards points there. Set the public address of the site.`);
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
