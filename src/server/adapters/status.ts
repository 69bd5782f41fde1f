/**
 * /status/: which providers this deployment runs and whether each answers. Each provider module
 * describes and probes itself (`Probeable`), through the same selection its callers use, so this page
 * cannot disagree with what actually runs. Every probe has a 3 s timeout and they run in parallel.
 *
 * Probing costs the providers' own budgets (Resend's API rate limit is the one real mail spends), so
 * a probe's result is kept PROBE_RESULT_TTL_MS and shared: one probe per provider at a time, whatever
 * the number of visitors, and the page has a rate limit of its own. The public sees a state and a
 * reason from a closed list; what failed in detail (hosts, ports, error texts) goes to the log only.
 */
import { chatProbe } from '../providers/chat-model-choice';
import type { Caller } from '../http/caller';
import { mediaTypes, preferredMediaType } from '../http/negotiate';
import { consume, rateLimited, type LimiterSpec, type RateLimitDecision } from '../http/rate-limit';
import { errorResponse } from '../http/respond';
import { logger } from '../base/log';
import { mailStatus } from '../providers/mail';
import { listStatus } from '../providers/newsletter';
import { failingStates, probeTimeoutMs, type Probeable, type ProbeResult, type ProbeState, type ProviderId } from '../providers/probe';
import { selectSchedulingProvider } from '../scheduling/provider';
import { getSettings, type SettingName, type Settings } from '../base/settings';
import { configurationSummary, findingText, reportedFindings, type SettingsWarningCode } from '../base/settings-warnings';
import type { Locale } from '../base/i18n';
import { databaseStatus } from '../store/database';
import { storeStatus } from '../store';
import { storageFaultOf } from '../base/storage-faults';
import { verifyToken } from '../base/signing';
import { publishingState, type PublishingState } from '../base/publishing';
import { ui } from '../../i18n/ui';

export type { ProbeState };

/** How long a probe's result stands for every request: the providers see at most one probe per provider in this time. */
export const PROBE_RESULT_TTL_MS = 30_000;

/** /status/ and /en/status/ (HTML and JSON alike) per minute per client. */
export const STATUS_REQUESTS_PER_MINUTE = 20;

export const statusLimit: LimiterSpec = { name: 'rl:status', points: STATUS_REQUESTS_PER_MINUTE, windowSeconds: 60, per: 'client' };

export interface ProviderStatus {
  /** Stable id: mail, mailing_list, scheduling, chat, counters, database. */
  id: ProviderId;
  /** The provider in use, e.g. "resend", "smtp", "outbox", "off", "cal.com", "office-hours", "gateway", "openai-compatible", "none", "redis", "upstash", "memory", "sqlite", "postgresql". */
  provider: string;
  /** True when the deployment points this function at an external service. */
  external: boolean;
  state: ProbeState;
  /** The reason of the state, one sentence per state (no host, address, user or error text). */
  detail: string;
  /** Probe duration in milliseconds (absent when disabled). */
  latencyMs?: number;
}

export interface ConfigurationFinding {
  code: SettingsWarningCode;
  setting: SettingName;
  message: string;
}

export interface StatusReport {
  /** ok: every configured provider answers; degraded: at least one does not, refuses its key, cannot write or delivers no mail. */
  status: 'ok' | 'degraded';
  /** When the oldest result in this report was probed. */
  checkedAt: string;
  providers: ProviderStatus[];
  /**
   * The owner's link only: production settings that parse but would not serve (settings-warnings.ts),
   * each with its stable code, its setting and its sentence in the page's language.
   */
  configuration?: { warnings: number; settings: SettingName[]; findings: ConfigurationFinding[] };
  /** The owner's link only, when `npm start` rebuilds by itself: the build served and whether the last change went live. */
  publishing?: PublishingState;
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
    const storage = storageFaultOf(error);
    result = { state: storage ? 'not_writable' : 'unreachable', detail: error instanceof Error ? error.message : String(error) };
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

interface Probed {
  state: ProbeState;
  latencyMs: number;
  checkedAt: number;
}

/** One entry per provider id (six at most): the probe in flight or its result until `expiresAt`. */
const probes = new Map<ProviderId, { settings: Settings; result: Promise<Probed>; expiresAt: number }>();

/** How many probes this process started (a test's view of the sharing). */
export const probesStarted = { count: 0 };

function sharedProbe(id: ProviderId, check: Probeable, settings: Settings): Promise<Probed> {
  const kept = probes.get(id);
  if (kept && kept.settings === settings && kept.expiresAt > Date.now()) return kept.result;
  probesStarted.count++;
  const entry = { settings, expiresAt: Number.POSITIVE_INFINITY, result: undefined as unknown as Promise<Probed> };
  entry.result = timed(() => check.probe()).then(({ state, detail, latencyMs }) => {
    entry.expiresAt = Date.now() + PROBE_RESULT_TTL_MS;
    if (failingStates.has(state)) {
      // The owner's view of what failed: hosts and error texts are fine in the log, never on the page.
      logger().warn({ provider: id, implementation: check.describe().provider, state, detail }, 'status probe failed');
    }
    return { state, latencyMs, checkedAt: Date.now() };
  });
  probes.set(id, entry);
  return entry.result;
}

/** Forgets every kept probe result (tests that change a provider between two reports). */
export function forgetProbes(): void {
  probes.clear();
}

export async function statusReport(settings: Settings = getSettings(), providers = providersOf(settings), owner = false, locale: Locale = 'en'): Promise<StatusReport> {
  const reasons = ui.en.status.reasons;
  const results = await Promise.all(
    providers.map(async ({ id, check }) => {
      const probed = await sharedProbe(id, check, settings);
      const item: ProviderStatus = { id, ...check.describe(), state: probed.state, detail: reasons[probed.state] };
      if (probed.state !== 'disabled') item.latencyMs = probed.latencyMs;
      return { item, checkedAt: probed.checkedAt };
    }),
  );
  const items = results.map((result) => result.item);
  const degraded = items.some((item) => failingStates.has(item.state));
  const oldest = Math.min(Date.now(), ...results.map((result) => result.checkedAt));
  const report: StatusReport = { status: degraded ? 'degraded' : 'ok', checkedAt: new Date(oldest).toISOString(), providers: items };
  if (!owner) return report;
  const findings = reportedFindings(settings);
  report.configuration = {
    ...configurationSummary(findings),
    findings: findings.map((finding) => ({ code: finding.code, setting: finding.setting, message: findingText(finding, locale) })),
  };
  const publishing = publishingState();
  if (publishing) report.publishing = publishing;
  return report;
}

/** HTML unless the client asks for JSON: `?format=json`, or an Accept header preferring JSON to HTML. */
export function wantsJson(url: URL, accept: string | null): boolean {
  const format = url.searchParams.get('format');
  if (format) return format === 'json';
  return preferredMediaType(accept, [mediaTypes.html, mediaTypes.json]) === mediaTypes.json;
}

export type StatusAnswer =
  | { kind: 'response'; response: Response }
  | { kind: 'page'; report: StatusReport; owner: boolean }
  | { kind: 'limited'; retryAfterSeconds: number };

export interface StatusRequest {
  url: URL;
  headers: Headers;
  /** Who is asking (the middleware's `locals.caller`): the page's own limit is counted per address. */
  caller: Caller;
  /** The page's language (/status/ or /en/status/): the owner's warnings are written in it, in HTML and JSON alike. */
  locale: Locale;
}

function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return { 'X-RateLimit-Limit': String(decision.limit), 'X-RateLimit-Remaining': String(decision.remaining) };
}

/**
 * What /status/ and /en/status/ answer: the report as JSON when the client asks for it (?format=json or
 * Accept), else the report for the HTML page, after setting its headers on `pageHeaders` (the page's
 * own response: headers set inside a component do not reach it). Over the page's rate limit: 429 with
 * Retry-After, as the error JSON or as the page's own short HTML.
 */
export async function statusAnswer(request: StatusRequest, pageHeaders: Headers): Promise<StatusAnswer> {
  const json = wantsJson(request.url, request.headers.get('accept'));
  const decision = await consume(statusLimit, request.caller.ipKey);
  if (!decision.allowed) {
    const headers = { ...rateLimitHeaders(decision), 'Retry-After': String(decision.retryAfterSeconds) };
    if (json) {
      return { kind: 'response', response: errorResponse(rateLimited(decision), { ...headers, Vary: 'Accept' }) };
    }
    for (const [name, value] of Object.entries(headers)) pageHeaders.set(name, value);
    setPageHeaders(pageHeaders);
    return { kind: 'limited', retryAfterSeconds: decision.retryAfterSeconds };
  }
  const owner = verifyToken('status-owner', request.url.searchParams.get('owner')).ok;
  const report = await statusReport(getSettings(), undefined, owner, request.locale);
  if (json) {
    return {
      kind: 'response',
      response: new Response(JSON.stringify(report, null, 2), {
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Accept', ...rateLimitHeaders(decision) },
      }),
    };
  }
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) pageHeaders.set(name, value);
  setPageHeaders(pageHeaders);
  return { kind: 'page', report, owner };
}

function setPageHeaders(pageHeaders: Headers): void {
  pageHeaders.set('Cache-Control', 'no-store');
  pageHeaders.set('Vary', 'Accept');
  pageHeaders.set('Content-Type', 'text/html; charset=utf-8');
}
