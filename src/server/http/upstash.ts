/**
 * A minimal Redis client over Upstash's REST API, for rate-limiter-flexible's RateLimiterRedis.
 * The library has no Upstash store, but its Redis limiter needs just one call for `consume`:
 * `eval(script, { keys, arguments })` (the node-redis convention, selected with useRedisPackage).
 * Upstash runs any command POSTed as a JSON array to its base URL and answers { result } or { error }.
 * Only `eval` is provided: the limiter's get/delete/block paths are not used by this project.
 */
const TIMEOUT_MS = 500;

export interface UpstashClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export function createUpstashClient(url: string, token: string): UpstashClient {
  const endpoint = url.replace(/\/+$/, '');
  async function command(parts: string[]): Promise<unknown> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(parts),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { result?: unknown; error?: string };
    if (!response.ok || body.error !== undefined) {
      throw new Error(`Upstash ${response.status}: ${body.error ?? 'no result'}`);
    }
    return body.result;
  }
  return {
    eval: (script, { keys, arguments: args }) => command(['EVAL', script, String(keys.length), ...keys, ...args]),
  };
}
