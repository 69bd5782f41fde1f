/**
 * /status/: which providers this deployment runs and whether each answers. Each provider module
 * describes and probes itself (`Probeable`), through the same selection its callers use, so this page
 * cannot disagree with what actually runs. Every probe has a 3 s timeout and they run in parallel.
 */
import { chatProbe } from './chat/provider';
import { mailStatus } from './providers/mail';
import { listStatus } from './providers/newsletter';
import { probeTimeoutMs, type Probeable, type ProbeResult, type ProbeState, type ProviderId } from './providers/probe';
import { selectSchedulingProvider } from './providers/scheduling';
import { getSettings, type Settings } from './settings';
import { databaseStatus } from './store/database';
import { storeStatus } from './store';

export type { ProbeState };

export interface ProviderStatus {
  /** Stable id: mail, mailing_list, scheduling, chat, counters, database. */
  id: ProviderId;
  /** The provider in use, e.g. "resend", "smtp", "outbox", "off", "cal.com", "office-hours", "gateway", "openai-compatible", "none", "redis", "upstash", "memory", "sqlite". */
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

/** The providers of these settings, in the page's order (probes not yet run). */
export function providersOf(settings: Settings): Array<{ id: ProviderId; check: Probeable }> {
  return [
    { id: 'mail', check: mailStatus(settings) },
    { id: 'mailing_list', check: listStatus(settings) },
    { id: 'scheduling', check: selectSchedulingProvider(settings) },
    { id: 'chat', check: chatProbe(settings) },
    { id: 'counters', check: storeStatus(settings) },
    { id: 'database', check: databaseStatus },
  ];
}

export async function statusReport(settings: Settings = getSettings()): Promise<StatusReport> {
  const providers = await Promise.all(
    providersOf(settings).map(async ({ id, check }): Promise<ProviderStatus> => {
      const described = { id, ...check.describe() };
      const result = await timed(() => check.probe());
      return result.state === 'disabled' ? { ...described, state: result.state, detail: result.detail } : { ...described, ...result };
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

/**
 * What /status/ and /en/status/ answer: the report as JSON when the client asks for it (?format=json or
 * Accept), else undefined after setting the HTML page's headers on `pageHeaders` (the page's own
 * response: headers set inside a component do not reach it).
 */
export async function statusJsonOrPageHeaders(url: URL, accept: string | null, pageHeaders: Headers): Promise<Response | undefined> {
  if (wantsJson(url, accept)) {
    return new Response(JSON.stringify(await statusReport(), null, 2), {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Accept' },
    });
  }
  pageHeaders.set('Cache-Control', 'no-store');
  pageHeaders.set('Vary', 'Accept');
  pageHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return undefined;
}
