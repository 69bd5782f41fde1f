/**
 * The one settings module (the settings contract). Every setting is read and validated
 * here, once; a wrong value stops the server with a message naming the setting and what it accepts.
 * The names are fixed: deployments and external harnesses rely on them.
 */
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(100_000).default(fallback);

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

/** Where consultations take place: a phone call, an online meeting, or in person at a street address. */
export type ConsultationLocation = { kind: 'phone' } | { kind: 'video'; url: string } | { kind: 'address'; address: string };

// Printable characters only (no line breaks: the address goes into mail lines and the invitation), 5 to 200 of them.
const consultationAddress = /^address:\s*(\S[^\p{Cc}]{4,199})$/u;

/**
 * What documents a setting: `doc` is its meaning (docs/settings.md's table and the comment above it in
 * .env.example, both written by `npm run docs:settings`); `example` is a sample value shown commented
 * out in .env.example for a setting without a default.
 */
interface SettingDefinition {
  schema: z.ZodType;
  doc: string;
  example?: string;
}

/** One entry per setting: its schema (with default) and its documentation. */
const definitions = {
  HOST: { schema: z.string().min(1).default('localhost'), doc: 'listen address' },
  PORT: { schema: z.coerce.number().int().min(0).max(65535).default(4321), doc: 'listen port' },
  SITE_URL: {
    schema: z
      .url({ protocol: /^https?$/ })
      .default('http://localhost:4321')
      .transform((value) => value.replace(/\/+$/, '')),
    doc: 'public absolute base URL used in every document and link; set the same value at build and at run (npm start builds for it); unset, it follows PORT: http://localhost:PORT',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    doc: 'request and error logs (pino JSON lines on stdout): fatal | error | warn | info | debug | trace | silent',
  },
  CONTENT_LANG: { schema: z.enum(['pl', 'en']).optional(), doc: 'pl | en: the language of the content check (npm run content, dev, build); unset, each file is reported in its own language and the report\'s own lines in the system\'s (LANG), else English', example: 'pl' },
  DATA_DIR: { schema: z.string().min(1).default('.data'), doc: 'the records database (SQLite, unless DATABASE_URL is set), the link-signing secret and the mail outbox' },
  CONTACT_EMAIL: { schema: z.email().default('kontakt@example.com'), doc: 'owner address that receives contact mail, inquiries and booking notices' },
  MAIL_FROM: { schema: z.string().min(3).optional(), doc: 'sender address; unset: "Strona <no-reply@<domain of CONTACT_EMAIL>>". Mails to visitors and subscribers go from its address under the sender name of their language (mail.sender in src/i18n: "Strona <business>", "<business> website")', example: 'Strona <no-reply@example.com>' },
  MAIL_PROVIDER: { schema: z.enum(['resend', 'smtp', 'outbox', 'off']).optional(), doc: 'resend | smtp | outbox | off (off: the mail and list endpoints answer 501); unset: resend when RESEND_API_KEY is set, smtp when SMTP_URL or SMTP_HOST is, else outbox', example: 'outbox' },
  RESEND_API_KEY: { schema: z.string().min(1).optional(), doc: 'enables Resend for mail and lists' },
  RESEND_BASE_URL: { schema: optionalUrl, doc: "Resend API base URL (the SDK's own when unset)", example: 'https://api.resend.com' },
  RESEND_SEGMENT_ID: { schema: z.string().min(1).optional(), doc: 'Resend segment for newsletter subscribers; contact-form senders who tick the list box also go to the segment named "Kontakt"' },
  SMTP_URL: {
    schema: z.string().regex(/^smtps?:\/\/[^/]+/, 'an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465').optional(),
    doc: 'SMTP server as one URL, smtp://user:password@host:587 (STARTTLS) or smtps://…:465 (TLS); wins over SMTP_HOST; percent-encode special characters of the password; 10 s to connect, greet and send',
    example: 'smtps://user:password@mail.example.com:465',
  },
  SMTP_HOST: { schema: z.string().min(1).optional(), doc: 'SMTP server host (when SMTP_URL is not used)', example: 'mail.example.com' },
  SMTP_PORT: { schema: z.coerce.number().int().min(1).max(65535).default(587), doc: 'SMTP port; 465 means TLS from the start, others STARTTLS when offered' },
  SMTP_USER: { schema: z.string().min(1).optional(), doc: 'SMTP user name (set with SMTP_PASSWORD)' },
  SMTP_PASSWORD: { schema: z.string().min(1).optional(), doc: 'SMTP password (set with SMTP_USER)' },
  NEWSLETTER_DOUBLE_OPT_IN: { schema: booleanString.default(true), doc: 'double opt-in: a new subscriber gets a confirmation mail and joins the list only after following its link (valid 7 days; unconfirmed addresses are forgotten after 7 days); false adds subscribers at once' },
  NEWSLETTER_SEND_PER_SECOND: {
    schema: z.coerce.number().positive().max(1000).default(2),
    doc: "newsletter mails sent per second by `npm run admin -- newsletter send` from the embedded list (outbox or SMTP: keep it under the SMTP account's limit); Resend paces its own broadcasts",
  },
  LINK_SIGNING_SECRET: {
    schema: z.string().min(32, 'at least 32 characters (e.g. openssl rand -base64 48)').optional(),
    doc: "secret (32+ characters) that signs the links in mails (confirm, unsubscribe, cancel) and the forms' anti-spam tokens; unset: generated once and kept in DATA_DIR/link-signing-secret, with a warning in production (servers that share the work need one value, so each accepts every mailed link)",
  },
  BOOKING_URL: { schema: z.url({ protocol: /^https?$/ }).default('https://cal.com/example/konsultacja'), doc: 'public booking link, the link-only fallback' },
  CAL_API_KEY: { schema: z.string().min(1).optional(), doc: 'Cal.com API v2 key (with CAL_EVENT_TYPE_ID); unset: the embedded office hours of content/office-hours.yaml' },
  CAL_API_URL: { schema: z.url({ protocol: /^https?$/ }).default('https://api.cal.com/v2'), doc: 'Cal.com API v2 base URL' },
  CAL_EVENT_TYPE_ID: { schema: z.coerce.number().int().positive().optional(), doc: 'Cal.com event type id of the consultation' },
  CONSULTATION_LOCATION: {
    schema: z
      .string()
      .trim()
      .min(1)
      .default('phone')
      .refine(
        (value) => value === 'phone' || /^https:\/\/\S+$/.test(value) || consultationAddress.test(value),
        'a meeting URL (https://…), "phone", or "address:" and the street address on one line (address:ul. Przykładowa 1, 00-001 Warszawa)',
      )
      .transform((value): ConsultationLocation => {
        if (value === 'phone') return { kind: 'phone' };
        const address = consultationAddress.exec(value)?.[1];
        return address ? { kind: 'address', address } : { kind: 'video', url: value };
      }),
    doc: 'where a consultation takes place: a meeting URL (https://…), "phone" (we call the number given) or "address:" and the street address of an in-person meeting on one line (address:ul. Przykładowa 1, 00-001 Warszawa); told in the booking\'s answer, the confirmation mail, the invitation\'s LOCATION and the consultation page (prerendered: npm start builds again when it changes)',
  },
  BOOKING_MAX_OPEN_PER_EMAIL: {
    // At most 20: a full holder costs one shared-store call per place on every refused booking.
    schema: z.coerce.number().int().min(0).max(20).default(2),
    doc: 'open (upcoming) consultation bookings one e-mail address (case, +tag and Gmail dots ignored) may hold, whichever door booked them, counted in the shared store until each slot ends; over it: 409 booking_limit_reached (0 to 20; 0: no limit)',
  },
  BOOKING_MAX_OPEN_PER_IP: {
    schema: z.coerce.number().int().min(0).max(20).default(4),
    doc: 'open (upcoming) consultation bookings one client address (IPv6 by /64) may hold (0 to 20; 0: no limit)',
  },
  AI_GATEWAY_API_KEY: { schema: z.string().min(1).optional(), doc: 'AI gateway key for the chat (used when CHAT_BASE_URL is unset)' },
  CHAT_BASE_URL: { schema: optionalUrl, doc: 'OpenAI-compatible model server for the chat (Ollama, vLLM, LM Studio, llama.cpp)', example: 'http://127.0.0.1:11434/v1' },
  CHAT_API_KEY: { schema: z.string().min(1).optional(), doc: 'key for CHAT_BASE_URL' },
  CHAT_MODEL: { schema: z.string().min(1).default('openai/gpt-4.1-mini'), doc: 'chat model id' },
  PUBLIC_CHAT_ENABLED: { schema: booleanString.default(true), doc: 'false disables the chat' },
  CHAT_MODEL_TIMEOUT_SECONDS: { schema: z.coerce.number().int().min(1).max(600).default(30), doc: 'seconds the chat model may stay silent (first answer, or between two chunks) before the chat reports it unavailable' },
  CHAT_DAILY_REQUEST_CAP: { schema: z.coerce.number().int().min(0).default(500), doc: 'chat requests per day, all clients together (the day is Europe/Warsaw)' },
  CHAT_DAILY_REQUESTS_PER_ADDRESS: {
    schema: z.coerce.number().int().min(0).default(30),
    doc: 'chat requests per day one client address (IPv6 by /64) may spend of CHAT_DAILY_REQUEST_CAP, so one address cannot use up the day for everyone (0: no share)',
  },
  ASK_CONVERSATIONAL_DAILY_CAP: {
    schema: z.coerce.number().int().min(0).default(100),
    doc: 'model answers per day for /ask and /a2a in conversational mode, all clients; apart from CHAT_DAILY_REQUEST_CAP, so machines never close the visitors\' chat',
  },
  ASK_CONVERSATIONAL_DAILY_PER_ADDRESS: {
    schema: z.coerce.number().int().min(0).default(10),
    doc: 'conversational model answers per day one client address (IPv6 by /64) may spend of ASK_CONVERSATIONAL_DAILY_CAP (0: no share)',
  },
  ASK_LOW_CONFIDENCE_LOG: {
    schema: z.enum(['off', 'on']).default('off'),
    doc: 'off | on: keep the questions /ask answered with no confident result (the text only, e-mail addresses and phone numbers removed) for `npm run admin -- ask-misses`',
  },
  ASK_LOW_CONFIDENCE_LOG_DAYS: { schema: z.coerce.number().int().min(1).max(365).default(30), doc: 'days a low-confidence question is kept after it was last asked' },
  ASK_LOW_CONFIDENCE_LOG_MAX: {
    schema: z.coerce.number().int().min(10).max(100_000).default(1000),
    doc: 'distinct questions kept at most; past it the least asked (then the oldest) are forgotten',
  },
  OAUTH_ENFORCEMENT: { schema: z.enum(['off', 'write', 'all']).default('off'), doc: 'off | write | all: which requests need a bearer token (docs/oauth.md)' },
  OAUTH_CLIENT_ID: { schema: z.string().min(1).optional(), doc: 'confidential client id (client credentials; with OAUTH_REDIRECT_URIS also the code flow); set together with OAUTH_CLIENT_SECRET' },
  OAUTH_CLIENT_SECRET: { schema: z.string().min(1).optional(), doc: 'confidential client secret, 32+ random characters (openssl rand -base64 48); a shorter one stops a production start while OAUTH_ENFORCEMENT is on' },
  OAUTH_SIGNING_KEY: { schema: z.string().min(1).optional(), doc: 'private JWK (JSON: EC P-256/384/521, Ed25519 or RSA) for signing tokens, its public half served at /.well-known/jwks.json; required when OAUTH_ENFORCEMENT is write or all (with off, unset means a key made up at start)' },
  OAUTH_REDIRECT_URIS: { schema: z.string().optional(), doc: "redirect URIs allowed besides loopback ones, comma separated, exact (https; e.g. a hosted MCP client's callback); unset: loopback only" },
  OAUTH_PREAPPROVED_CLIENTS: {
    schema: z.string().optional(),
    doc: 'registered client ids (mcp_…), comma separated, that get codes without a person under OAUTH_ENFORCEMENT write or all (every other client needs someone to press Allow on the consent page; redirect URIs and names cannot be listed: anyone can register them)',
  },
  OAUTH_REGISTRATIONS_PER_HOUR: { schema: z.coerce.number().int().min(1).max(100_000).default(20), doc: 'client registrations (and client metadata document fetches) per hour per client IP; past it 429 temporarily_unavailable with Retry-After' },
  OAUTH_CODES_PER_HOUR: { schema: z.coerce.number().int().min(1).max(100_000).default(60), doc: 'authorization codes issued per hour per client IP, JSON answer and consent form alike' },
  OAUTH_UNUSED_CLIENT_SECONDS: {
    schema: z.coerce.number().int().min(1).max(30 * 24 * 3600).default(24 * 3600),
    doc: 'seconds a registered client that never obtained a token is kept; a client that did is kept 30 days after its last token',
  },
  OAUTH_CIMD_TEST_HOSTS: {
    schema: z
      .string()
      .regex(/^\s*(?:(?:127\.0\.0\.1|\[::1\]):\d{1,5}\s*(?:,\s*|$))+$/, 'loopback address:port pairs only (127.0.0.1:8443, [::1]:8443)')
      .optional(),
    doc: 'TESTS ONLY: loopback host:port pairs (127.0.0.1:port, [::1]:port) whose https client metadata documents may be fetched; still https with a trusted certificate (NODE_EXTRA_CA_CERTS); every start warns while set',
  },
  DATABASE_URL: {
    schema: z
      .string()
      .regex(/^postgres(?:ql)?:\/\/[^\s]+$/, 'a postgres:// or postgresql:// URL')
      .refine((value) => URL.canParse(value), 'a postgres:// or postgresql:// URL')
      .optional(),
    doc: 'PostgreSQL for the records (messages, bookings, subscribers, newsletter sends, OAuth clients, the /ask miss log) of instances on several machines; unset: the SQLite file in DATA_DIR',
  },
  REDIS_URL: { schema: z.string().regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL').optional(), doc: 'Redis for shared counters, caps, claims and caches (never the only copy of a record)' },
  UPSTASH_REDIS_REST_URL: { schema: optionalUrl, doc: 'Upstash REST URL (with the token)' },
  UPSTASH_REDIS_REST_TOKEN: { schema: z.string().min(1).optional(), doc: 'Upstash REST token' },
  TRUST_PROXY: { schema: z.coerce.number().int().min(0).max(10).default(0), doc: 'proxy hops to trust for X-Forwarded-For; 0 trusts none (1 behind one reverse proxy, 2 behind a CDN and a proxy)' },
  REBUILD_ON_CHANGE: {
    schema: booleanString.default(true),
    doc: '`npm start` watches content/, src/, public/ and the build files and, 2 s after the last change, builds them in the background; the new build replaces the one served only when it completed and passed the content check, with no request dropped; a failed one is logged and shown on the owner\'s /status/ while the last good build stays. false: a change goes live with the next start. Never with SKIP_BUILD=1',
  },
  MAX_CONNECTIONS: {
    schema: z.coerce.number().int().min(16).max(1_000_000).default(1024),
    doc: 'open connections the server keeps at most, all clients; more are closed at once (keep it under the process\'s file descriptor limit, ulimit -n)',
  },
  MAX_CONNECTIONS_PER_ADDRESS: {
    schema: z.coerce.number().int().min(0).max(1_000_000).default(64),
    doc: 'open connections from one client address (IPv6 by /64) at most; more are closed at once. 0: no cap. Not applied with TRUST_PROXY above 0, where every connection comes from the proxy',
  },
  RATE_LIMIT_SUBSCRIBE: { schema: perMinute(5), doc: 'POST /api/subscribe per minute per client' },
  RATE_LIMIT_UNSUBSCRIBE: { schema: perMinute(5), doc: 'POST /api/newsletter/unsubscribe per minute per client' },
  RATE_LIMIT_CONTACT: { schema: perMinute(5), doc: 'POST /api/contact (and contact_submit, service_inquiry_submit) per minute per client' },
  RATE_LIMIT_CONTACT_DAILY: {
    schema: perMinute(20),
    doc: 'contact messages and inquiries (every door of RATE_LIMIT_CONTACT) per day per client: bounds what one address makes the server store, about 70 KiB for the largest message with its outbox copy',
  },
  RATE_LIMIT_MCP: { schema: perMinute(60), doc: '/mcp, /api/mcp, /.well-known/mcp per minute per client' },
  RATE_LIMIT_ASK: { schema: perMinute(60), doc: '/ask and /a2a requests (and articles_recommend) per minute per client' },
  RATE_LIMIT_SLOTS: { schema: perMinute(20), doc: 'GET /api/consultation/slots (and consultation_availability) per minute per client' },
  RATE_LIMIT_BOOKING: { schema: perMinute(5), doc: 'POST /api/consultation/book (and consultation_book) per minute per client' },
  RATE_LIMIT_CHAT: { schema: perMinute(20), doc: 'POST /api/chat per minute per client' },
  RATE_LIMIT_OAUTH: { schema: perMinute(30), doc: 'OAuth endpoints per minute per client' },
} as const satisfies Record<string, SettingDefinition>;

type Definitions = typeof definitions;
export type SettingName = keyof Definitions;
type Parsed = { [K in SettingName]: z.output<Definitions[K]['schema']> };

export type Settings = Parsed & {
  /** The mail provider actually in use, after the default rule. */
  mailProvider: 'resend' | 'smtp' | 'outbox' | 'off';
  /** MAIL_FROM, or a sender derived from CONTACT_EMAIL. */
  mailFrom: string;
  /** Cal.com is used only when both its key and event type are set. */
  calConfigured: boolean;
};

export const settingNames = Object.keys(definitions) as SettingName[];
export const settingDocs: Record<SettingName, string> = Object.fromEntries(
  settingNames.map((name) => [name, definitions[name].doc]),
) as Record<SettingName, string>;

/**
 * The headings that group the settings in .env.example and docs/settings.md: a section runs from its
 * first setting to the next section's, in the order of `definitions`, so a setting added beside its
 * neighbours lands in their section.
 */
export const settingSections: ReadonlyArray<{ first: SettingName; title: string; intro?: string }> = [
  { first: 'HOST', title: 'Server' },
  { first: 'CONTACT_EMAIL', title: 'Mail and newsletter' },
  { first: 'BOOKING_URL', title: 'Consultations' },
  { first: 'AI_GATEWAY_API_KEY', title: 'Chat assistant and /ask' },
  { first: 'OAUTH_ENFORCEMENT', title: 'OAuth 2.0' },
  { first: 'REDIS_URL', title: 'Shared store and proxy' },
  {
    first: 'RATE_LIMIT_SUBSCRIBE',
    title: 'Rate limits',
    intro:
      'Requests per minute, per client address (IPv6 by /64), and per OAuth client as well when a token is sent. ' +
      'A family belongs to an action: an MCP, WebMCP or chat tool that does what an endpoint does spends that endpoint\'s family too.',
  },
];

/** A setting as documented: its meaning, its default (as written in the environment) and a sample value. */
export interface SettingReference {
  name: SettingName;
  doc: string;
  /** The value an unset setting takes, as text; undefined when unset means "not used" or a derived value the doc states. */
  default?: string;
  example?: string;
}

/** Every setting in the order of `definitions`, with the default its schema declares. */
export function settingReferences(): SettingReference[] {
  return settingNames.map((name) => {
    const definition: SettingDefinition = definitions[name];
    // The input's default as written (CONSULTATION_LOCATION's "phone"), else the parsed one (a boolean's true).
    const parsed = definition.schema.safeParse(undefined).data;
    const declared =
      (z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as { default?: unknown }).default ??
      (['string', 'number', 'boolean'].includes(typeof parsed) ? parsed : undefined);
    return {
      name,
      doc: definition.doc,
      ...(declared === undefined ? {} : { default: String(declared) }),
      ...(definition.example === undefined ? {} : { example: definition.example }),
    };
  });
}

export class SettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/**
 * A wrong value as the start message shows it: a secret's length only, a URL without its password
 * (the message lands in logs and terminals that others may read).
 */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'undefined';
  if (/KEY|SECRET|TOKEN|PASSWORD/.test(name)) return `(${value.length} characters, not shown)`;
  return JSON.stringify(value.replace(/(\/\/[^/:@\s]*:)[^@/\s]+@/, '$1***@'));
}

/** Parses an environment (process.env by default). Empty strings count as unset. */
export function parseSettings(environment: Record<string, string | undefined> = process.env): Settings {
  const shape = Object.fromEntries(settingNames.map((name) => [name, definitions[name].schema]));
  const input = Object.fromEntries(
    settingNames.map((name) => {
      const value = environment[name]?.trim();
      return [name, value === '' ? undefined : value];
    }),
  );
  // Unset, SITE_URL follows PORT (astro.config.mjs does the same at build).
  if (input.SITE_URL === undefined && /^\d+$/.test(input.PORT ?? '')) input.SITE_URL = `http://localhost:${input.PORT}`;
  const result = z.object(shape).safeParse(input);
  if (!result.success) {
    throw new SettingsError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name}=${shownValue(name, input[name])}: ${issue.message} (${settingDocs[name as SettingName] ?? ''})`;
      }),
    );
  }
  const parsed = result.data as Parsed;
  const mailProvider = parsed.MAIL_PROVIDER ?? (parsed.RESEND_API_KEY ? 'resend' : parsed.SMTP_URL || parsed.SMTP_HOST ? 'smtp' : 'outbox');
  const problems: string[] = [];
  if (mailProvider === 'resend' && !parsed.RESEND_API_KEY) {
    problems.push('MAIL_PROVIDER=resend needs RESEND_API_KEY');
  }
  if (mailProvider === 'smtp' && !parsed.SMTP_URL && !parsed.SMTP_HOST) {
    problems.push('MAIL_PROVIDER=smtp needs SMTP_URL (or SMTP_HOST with SMTP_PORT, SMTP_USER, SMTP_PASSWORD)');
  }
  if (Boolean(parsed.SMTP_USER) !== Boolean(parsed.SMTP_PASSWORD)) {
    problems.push('SMTP_USER and SMTP_PASSWORD must be set together');
  }
  if (Boolean(parsed.UPSTASH_REDIS_REST_URL) !== Boolean(parsed.UPSTASH_REDIS_REST_TOKEN)) {
    problems.push('UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together');
  }
  problems.push(...oauthProblems(parsed));
  if (problems.length) throw new SettingsError(problems);
  const domain = parsed.CONTACT_EMAIL.split('@')[1];
  return {
    ...parsed,
    mailProvider,
    mailFrom: parsed.MAIL_FROM ?? `Strona <no-reply@${domain}>`,
    calConfigured: Boolean(parsed.CAL_API_KEY && parsed.CAL_EVENT_TYPE_ID),
  };
}

/**
 * The OAuth settings that only make sense together. Enforcement without a signing key would mean
 * tokens signed by a key made up at start (lost at restart, different in every process): refused.
 */
function oauthProblems(parsed: Parsed): string[] {
  const problems: string[] = [];
  if (parsed.OAUTH_ENFORCEMENT !== 'off' && !parsed.OAUTH_SIGNING_KEY) {
    problems.push(`OAUTH_ENFORCEMENT=${parsed.OAUTH_ENFORCEMENT} needs OAUTH_SIGNING_KEY (a private JWK, e.g. EC P-256) to sign tokens that every server process and restart accepts`);
  }
  if (parsed.OAUTH_SIGNING_KEY) {
    const problem = signingKeyProblem(parsed.OAUTH_SIGNING_KEY);
    if (problem) problems.push(`OAUTH_SIGNING_KEY: ${problem}`);
  }
  if (Boolean(parsed.OAUTH_CLIENT_ID) !== Boolean(parsed.OAUTH_CLIENT_SECRET)) {
    problems.push('OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET must be set together');
  }
  if (parsed.OAUTH_CLIENT_ID?.startsWith('mcp_')) problems.push('OAUTH_CLIENT_ID may not start with mcp_ (reserved for registered clients)');
  for (const entry of (parsed.OAUTH_PREAPPROVED_CLIENTS ?? '').split(',').map((value) => value.trim()).filter(Boolean)) {
    // Only the id: a redirect URI or client_name is chosen by whoever registers, so it identifies nobody.
    if (!/^mcp_[A-Za-z0-9_-]{22,64}$/.test(entry)) {
      problems.push(`OAUTH_PREAPPROVED_CLIENTS: ${JSON.stringify(entry)} is not a registered client id (mcp_…); redirect URIs and client names cannot be pre-approved, anyone can register them`);
    }
  }
  for (const uri of (parsed.OAUTH_REDIRECT_URIS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(uri);
    } catch {
      url = undefined;
    }
    const loopback = url?.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (!url || url.hash || (url.protocol !== 'https:' && !loopback)) {
      problems.push(`OAUTH_REDIRECT_URIS: ${JSON.stringify(uri)} must be an https URI (or http on a loopback address) without a fragment`);
    }
  }
  return problems;
}

/** Why a private JWK will not do, or undefined when it is an asymmetric private key of a supported kind. */
function signingKeyProblem(text: string): string | undefined {
  let jwk: Record<string, unknown>;
  try {
    jwk = JSON.parse(text);
  } catch {
    return 'not JSON; expected a private JWK such as {"kty":"EC","crv":"P-256","x":…,"y":…,"d":…}';
  }
  if (!jwk || typeof jwk !== 'object' || Array.isArray(jwk)) return 'expected a JSON object (a private JWK)';
  if (jwk.kty === 'oct') return 'symmetric keys are not accepted (the public half is published at /.well-known/jwks.json)';
  if (typeof jwk.d !== 'string') return 'not a private key (the "d" member is missing)';
  const supported =
    (jwk.kty === 'EC' && ['P-256', 'P-384', 'P-521'].includes(String(jwk.crv))) ||
    (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') ||
    (jwk.kty === 'RSA' && typeof jwk.n === 'string');
  if (!supported) return 'key type not supported: use EC (P-256, P-384, P-521), OKP Ed25519 or RSA';
  if (jwk.alg !== undefined && !['ES256', 'ES384', 'ES512', 'EdDSA', 'RS256', 'PS256'].includes(String(jwk.alg))) {
    return `alg ${String(jwk.alg)} is not supported`;
  }
  return undefined;
}

let cached: Settings | undefined;

/** The settings of this process, parsed on first use (the start script parses them before listening). */
export function getSettings(): Settings {
  cached ??= parseSettings();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetSettingsForTests(): void {
  cached = undefined;
}
