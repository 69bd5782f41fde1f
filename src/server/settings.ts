/**
 * The one settings module (DESIGN.md "Settings contract"). Every setting is read and validated
 * here, once; a wrong value stops the server with a message naming the setting and what it accepts.
 * The names are fixed: deployments and external harnesses rely on them.
 */
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(100_000).default(fallback);

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

/** One entry per setting: its schema (with default) and the line that documents it. */
const definitions = {
  HOST: { schema: z.string().min(1).default('localhost'), doc: 'listen address' },
  PORT: { schema: z.coerce.number().int().min(0).max(65535).default(4321), doc: 'listen port' },
  SITE_URL: {
    schema: z
      .url({ protocol: /^https?$/ })
      .default('http://localhost:4321')
      .transform((value) => value.replace(/\/+$/, '')),
    doc: 'public absolute base URL used in every document and link (same value at build and at run)',
  },
  DATA_DIR: { schema: z.string().min(1).default('.data'), doc: 'embedded database and mail outbox' },
  CONTACT_EMAIL: { schema: z.email().default('kontakt@example.com'), doc: 'owner address for contact mail and inquiries' },
  MAIL_FROM: { schema: z.string().min(3).optional(), doc: 'sender address; default derived from CONTACT_EMAIL' },
  MAIL_PROVIDER: { schema: z.enum(['resend', 'outbox', 'off']).optional(), doc: 'resend | outbox | off; default resend when RESEND_API_KEY is set, else outbox' },
  RESEND_API_KEY: { schema: z.string().min(1).optional(), doc: 'enables Resend for mail and lists' },
  RESEND_BASE_URL: { schema: optionalUrl, doc: "Resend API base URL (the SDK's own when unset)" },
  RESEND_SEGMENT_ID: { schema: z.string().min(1).optional(), doc: 'Resend segment for newsletter subscribers' },
  BOOKING_URL: { schema: z.url({ protocol: /^https?$/ }).default('https://cal.com/example/konsultacja'), doc: 'public booking link, the link-only fallback' },
  CAL_API_KEY: { schema: z.string().min(1).optional(), doc: 'Cal.com API v2 key' },
  CAL_API_URL: { schema: z.url({ protocol: /^https?$/ }).default('https://api.cal.com/v2'), doc: 'Cal.com API v2 base URL' },
  CAL_EVENT_TYPE_ID: { schema: z.coerce.number().int().positive().optional(), doc: 'Cal.com event type id of the consultation' },
  AI_GATEWAY_API_KEY: { schema: z.string().min(1).optional(), doc: 'AI gateway key for chat' },
  CHAT_BASE_URL: { schema: optionalUrl, doc: 'OpenAI-compatible model server for chat' },
  CHAT_API_KEY: { schema: z.string().min(1).optional(), doc: 'key for CHAT_BASE_URL' },
  CHAT_MODEL: { schema: z.string().min(1).default('openai/gpt-4.1-mini'), doc: 'chat model id' },
  PUBLIC_CHAT_ENABLED: { schema: booleanString.default(true), doc: 'false disables the chat' },
  CHAT_DAILY_REQUEST_CAP: { schema: z.coerce.number().int().min(0).default(500), doc: 'chat requests per day, all clients' },
  OAUTH_ENFORCEMENT: { schema: z.enum(['off', 'write', 'all']).default('off'), doc: 'off | write | all' },
  OAUTH_CLIENT_ID: { schema: z.string().min(1).optional(), doc: 'confidential client id (client credentials)' },
  OAUTH_CLIENT_SECRET: { schema: z.string().min(1).optional(), doc: 'confidential client secret' },
  OAUTH_SIGNING_KEY: { schema: z.string().min(1).optional(), doc: 'private JWK (JSON) for signing tokens' },
  OAUTH_REDIRECT_URIS: { schema: z.string().optional(), doc: 'allowed redirect URIs, comma separated; default loopback only' },
  REDIS_URL: { schema: z.string().regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL').optional(), doc: 'Redis for shared counters' },
  UPSTASH_REDIS_REST_URL: { schema: optionalUrl, doc: 'Upstash REST URL (with the token)' },
  UPSTASH_REDIS_REST_TOKEN: { schema: z.string().min(1).optional(), doc: 'Upstash REST token' },
  TRUST_PROXY: { schema: z.coerce.number().int().min(0).max(10).default(0), doc: 'proxy hops to trust for X-Forwarded-For; 0 trusts none' },
  RATE_LIMIT_SUBSCRIBE: { schema: perMinute(5), doc: 'POST /api/subscribe per minute per client' },
  RATE_LIMIT_UNSUBSCRIBE: { schema: perMinute(5), doc: 'POST /api/newsletter/unsubscribe per minute per client' },
  RATE_LIMIT_CONTACT: { schema: perMinute(5), doc: 'POST /api/contact per minute per client' },
  RATE_LIMIT_MCP: { schema: perMinute(60), doc: '/mcp, /api/mcp, /.well-known/mcp per minute per client' },
  RATE_LIMIT_ASK: { schema: perMinute(60), doc: 'POST /ask per minute per client' },
  RATE_LIMIT_SLOTS: { schema: perMinute(20), doc: 'GET /api/consultation/slots per minute per client' },
  RATE_LIMIT_CHAT: { schema: perMinute(20), doc: 'POST /api/chat per minute per client' },
  RATE_LIMIT_OAUTH: { schema: perMinute(30), doc: 'OAuth endpoints per minute per client' },
} as const;

type Definitions = typeof definitions;
export type SettingName = keyof Definitions;
type Parsed = { [K in SettingName]: z.output<Definitions[K]['schema']> };

export type Settings = Parsed & {
  /** The mail provider actually in use, after the default rule. */
  mailProvider: 'resend' | 'outbox' | 'off';
  /** MAIL_FROM, or a sender derived from CONTACT_EMAIL. */
  mailFrom: string;
  /** Cal.com is used only when both its key and event type are set. */
  calConfigured: boolean;
};

export const settingNames = Object.keys(definitions) as SettingName[];
export const settingDocs: Record<SettingName, string> = Object.fromEntries(
  settingNames.map((name) => [name, definitions[name].doc]),
) as Record<SettingName, string>;

export class SettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SettingsError';
    this.problems = problems;
  }
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
  const result = z.object(shape).safeParse(input);
  if (!result.success) {
    throw new SettingsError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name}=${JSON.stringify(input[name])}: ${issue.message} (${settingDocs[name as SettingName] ?? ''})`;
      }),
    );
  }
  const parsed = result.data as Parsed;
  const mailProvider = parsed.MAIL_PROVIDER ?? (parsed.RESEND_API_KEY ? 'resend' : 'outbox');
  const problems: string[] = [];
  if (mailProvider === 'resend' && !parsed.RESEND_API_KEY) {
    problems.push('MAIL_PROVIDER=resend needs RESEND_API_KEY');
  }
  if (Boolean(parsed.UPSTASH_REDIS_REST_URL) !== Boolean(parsed.UPSTASH_REDIS_REST_TOKEN)) {
    problems.push('UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together');
  }
  if (problems.length) throw new SettingsError(problems);
  const domain = parsed.CONTACT_EMAIL.split('@')[1];
  return {
    ...parsed,
    mailProvider,
    mailFrom: parsed.MAIL_FROM ?? `Strona <no-reply@${domain}>`,
    calConfigured: Boolean(parsed.CAL_API_KEY && parsed.CAL_EVENT_TYPE_ID),
  };
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
