/**
 * What every provider says about itself for /status/: which implementation runs (`describe()`)
 * and whether it answers (`probe()`). /status/ only asks; each provider module knows how to answer.
 */

export const probeTimeoutMs = 3000;

/**
 * ok: answers; key_refused: answers but refuses our key; unreachable: no answer or an error;
 * not_writable: storage that cannot take a write (full, read-only, not permitted); not_delivered: mail
 * that is kept but reaches nobody (the outbox in production); disabled: nothing to probe.
 */
export type ProbeState = 'ok' | 'key_refused' | 'unreachable' | 'not_writable' | 'not_delivered' | 'disabled';

/** The states that make /status/ degraded: everything but ok and disabled. */
export const failingStates: ReadonlySet<ProbeState> = new Set(['key_refused', 'unreachable', 'not_writable', 'not_delivered']);

export interface ProbeResult {
  state: ProbeState;
  /** What was checked, or why it failed (no secrets). */
  detail: string;
}

export type ProviderId = 'mail' | 'mailing_list' | 'scheduling' | 'chat' | 'counters' | 'database';

export interface ProviderDescription {
  /** The implementation in use, e.g. "resend", "smtp", "outbox", "off", "cal.com", "office-hours", "redis", "sqlite". */
  provider: string;
  /** True when the deployment points this function at an external service. */
  external: boolean;
}

/** A provider (or the absence of one) as /status/ sees it. */
export interface Probeable {
  describe(): ProviderDescription;
  probe(): Promise<ProbeResult>;
}

/** The stand-in for a function switched off or not configured: nothing to probe. */
export function notConfigured(provider: string, detail: string): Probeable {
  return { describe: () => ({ provider, external: false }), probe: async () => ({ state: 'disabled', detail }) };
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
