/**
 * /status/: which providers this deployment has configured and whether each answers. Every probe has
 * a 3 s timeout and they run in parallel, so the page answers in at most ~3 s even when all hang.
 * HTTP probes count any HTTP answer as reachable; 401/403 means "answers, but the key is refused".
 */
import { access, mkdir } from 'node:fs/promises';
import { constants } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { getSettings, type Settings } from './settings';
import { getDatabase } from './store/database';

export const probeTimeoutMs = 3000;

/** ok: answers; key_refused: answers but refuses our key; unreachable: no answer or an error; disabled: nothing to probe. */
export type ProbeState = 'ok' | 'key_refused' | 'unreachable' | 'disabled';

export interface ProviderStatus {
  /** Stable id: mail, mailing_list, scheduling, chat, counters, database. */
  id: 'mail' | 'mailing_list' | 'scheduling' | 'chat' | 'counters' | 'database';
  /** The provider in use, e.g. "resend", "outbox", "off", "cal.com", "office-hours", "gateway", "openai-compatible", "none", "redis", "upstash", "memory", "sqlite". */
  provider: string;
  /** True when the deployment points this function at an external service. */
  external: boolean;
  state: ProbeState;
  /** What was checked, or why it failed (no secrets). */
  detail: string;
  /** Probe duration in milliseconds (absent when disabled). */
  latencyMs?: number;
}

export interface StatusReport {
  /** ok: every configured provider answers; degraded: at least one does not (or refuses its key). */
  status: 'ok' | 'degraded';
  checkedAt: string;
  providers: ProviderStatus[];
}

interface ProbeResult { state: ProbeState; detail: string }

async function timed(run: () => Promise<ProbeResult>): Promise<ProbeResult & { latencyMs: number }> {
  const started = performance.now();
  let result: ProbeResult;
  try {
    result = await Promise.race([
      run(),
      new Promise<ProbeResult>((resolve) => setTimeout(() => resolve({ state: 'unreachable', detail: `no answer in ${probeTimeoutMs / 1000} s` }), probeTimeoutMs).unref()),
    ]);
  } catch (error) {
    result = { state: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
  }
  return { ...result, latencyMs: Math.round(performance.now() - started) };
}

/** Any HTTP answer means reachable; 401/403 means the key is refused. */
export async function probeHttp(url: string, headers: Record<string, string> = {}): Promise<ProbeResult> {
  const host = new URL(url).host;
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(probeTimeoutMs), redirect: 'manual' });
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403) return { state: 'key_refused', detail: `${host} answered ${response.status}: the key is refused` };
    return { state: 'ok', detail: `${host} answered HTTP ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${probeTimeoutMs / 1000} s` : (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    return { state: 'unreachable', detail: `${host}: ${reason}` };
  }
}

async function probeRedis(url: string): Promise<ProbeResult> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: probeTimeoutMs, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  client.on('error', () => {}); // reported through the rejected promise below
  try {
    await client.connect();
    const answer = await client.ping();
    return { state: 'ok', detail: `PING answered ${answer}` };
  } catch (error) {
    const message = (error as Error).message;
    return /NOAUTH|WRONGPASS|invalid password/i.test(message) ? { state: 'key_refused', detail: 'Redis refused the password' } : { state: 'unreachable', detail: `Redis: ${message}` };
  } finally {
    client.disconnect();
  }
}

async function probeSqlite(): Promise<ProbeResult> {
  const row = getDatabase().prepare('SELECT 1 AS one').get() as { one: number } | undefined;
  return row?.one === 1 ? { state: 'ok', detail: 'SELECT 1 answered' } : { state: 'unreachable', detail: 'SELECT 1 gave no row' };
}

async function probeOutbox(dataDir: string): Promise<ProbeResult> {
  const directory = join(dataDir, 'outbox');
  await mkdir(directory, { recursive: true });
  await access(directory, constants.W_OK);
  return { state: 'ok', detail: 'outbox directory is writable' };
}

const disabled = (detail: string): ProbeResult => ({ state: 'disabled', detail });
const resendBase = (settings: Settings) => (settings.RESEND_BASE_URL ?? 'https://api.resend.com').replace(/\/+$/, '');

/** The providers of these settings and how to probe each (probes not yet run). */
export function plannedProbes(settings: Settings): Array<Omit<ProviderStatus, 'state' | 'detail' | 'latencyMs'> & { probe: (() => Promise<ProbeResult>) | ProbeResult }> {
  const resendProbe = () => probeHttp(`${resendBase(settings)}/domains`, { Authorization: `Bearer ${settings.RESEND_API_KEY}` });
  const chatProvider = !settings.PUBLIC_CHAT_ENABLED ? 'none' : settings.CHAT_BASE_URL ? 'openai-compatible' : settings.AI_GATEWAY_API_KEY ? 'gateway' : 'none';
  const listProvider = settings.mailProvider === 'off' ? 'off' : settings.RESEND_API_KEY ? 'resend' : 'embedded';
  const counters = settings.REDIS_URL ? 'redis' : settings.UPSTASH_REDIS_REST_URL ? 'upstash' : 'memory';
  return [
    {
      id: 'mail', provider: settings.mailProvider, external: settings.mailProvider === 'resend',
      probe: settings.mailProvider === 'resend' ? resendProbe : settings.mailProvider === 'outbox' ? () => probeOutbox(settings.DATA_DIR) : disabled('MAIL_PROVIDER=off: the mail endpoints answer 501'),
    },
    {
      id: 'mailing_list', provider: listProvider, external: listProvider === 'resend',
      probe: listProvider === 'resend' ? resendProbe : listProvider === 'embedded' ? probeSqlite : disabled('MAIL_PROVIDER=off: the list endpoints answer 501'),
    },
    {
      id: 'scheduling', provider: settings.calConfigured ? 'cal.com' : 'office-hours', external: settings.calConfigured,
      probe: settings.calConfigured
        ? () => probeHttp(`${settings.CAL_API_URL.replace(/\/+$/, '')}/me`, { Authorization: `Bearer ${settings.CAL_API_KEY}`, 'cal-api-version': '2024-08-13' })
        : probeSqlite,
    },
    {
      id: 'chat', provider: chatProvider, external: chatProvider !== 'none',
      probe: chatProvider === 'openai-compatible'
        ? () => probeHttp(`${settings.CHAT_BASE_URL!.replace(/\/+$/, '')}/models`, settings.CHAT_API_KEY ? { Authorization: `Bearer ${settings.CHAT_API_KEY}` } : {})
        : chatProvider === 'gateway'
          ? () => probeHttp('https://ai-gateway.vercel.sh/v1/models', { Authorization: `Bearer ${settings.AI_GATEWAY_API_KEY}` })
          : disabled(settings.PUBLIC_CHAT_ENABLED ? 'no model configured: the chat answers 503' : 'PUBLIC_CHAT_ENABLED=false'),
    },
    {
      id: 'counters', provider: counters, external: counters !== 'memory',
      probe: counters === 'redis'
        ? () => probeRedis(settings.REDIS_URL!)
        : counters === 'upstash'
          ? () => probeHttp(`${settings.UPSTASH_REDIS_REST_URL!.replace(/\/+$/, '')}/ping`, { Authorization: `Bearer ${settings.UPSTASH_REDIS_REST_TOKEN}` })
          : { state: 'ok', detail: 'process memory (counters are per instance)' },
    },
    { id: 'database', provider: 'sqlite', external: false, probe: probeSqlite },
  ];
}

export async function statusReport(settings: Settings = getSettings()): Promise<StatusReport> {
  const providers = await Promise.all(
    plannedProbes(settings).map(async ({ probe, ...provider }): Promise<ProviderStatus> => {
      if (typeof probe !== 'function') return { ...provider, ...probe };
      return { ...provider, ...(await timed(probe)) };
    }),
  );
  const degraded = providers.some((item) => item.state === 'unreachable' || item.state === 'key_refused');
  return { status: degraded ? 'degraded' : 'ok', checkedAt: new Date().toISOString(), providers };
}

/** JSON unless the client asked for HTML: `?format=json` or an Accept header preferring JSON. */
export function wantsJson(url: URL, accept: string | null): boolean {
  const format = url.searchParams.get('format');
  if (format) return format === 'json';
  if (!accept) return false;
  return /application\/json/.test(accept) && !/text\/html/.test(accept);
}
