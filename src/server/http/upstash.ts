/**
 * A minimal Redis client over Upstash's REST API, for rate-limiter-flexible's RateLimiterRedis.
 * The library has no Upstash store, but its Redis limiter (node-redis convention, selected with
 * useRedisPackage) needs only two calls: `eval(script, { keys, arguments })` for consume, and
 * `multi().get(key).pTTL(key).exec()` for get (a preflight's standing). Upstash runs a command
 * POSTed as a JSON array to its base URL ({ result } or { error }) and several posted as an array
 * of arrays to /pipeline. Other limiter calls (block, delete, penalty) are not used here.
 */
const TIMEOUT_MS = 500;

type Reply = { result?: unknown; error?: string };

export interface UpstashClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  multi(): UpstashPipeline;
}

export interface UpstashPipeline {
  get(key: string): UpstashPipeline;
  pTTL(key: string): UpstashPipeline;
  exec(raw?: boolean): Promise<unknown[]>;
}

export function createUpstashClient(url: string, token: string): UpstashClient {
  const endpoint = url.replace(/\/+$/, '');
  async function post(path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${endpoint}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const parsed = (await response.json().catch(() => ({}))) as Reply | Reply[];
    if (!response.ok) throw new Error(`Upstash ${response.status}: ${(parsed as Reply).error ?? 'no result'}`);
    return parsed;
  }
  const result = (reply: Reply): unknown => {
    if (reply.error !== undefined) throw new Error(`Upstash: ${reply.error}`);
    return reply.result;
  };
  return {
    eval: async (script, { keys, arguments: args }) => result((await post('', ['EVAL', script, String(keys.length), ...keys, ...args])) as Reply),
    multi() {
      const commands: string[][] = [];
      const pipeline: UpstashPipeline = {
        get: (key) => (commands.push(['GET', key]), pipeline),
        pTTL: (key) => (commands.push(['PTTL', key]), pipeline),
        exec: async () => ((await post('/pipeline', commands)) as Reply[]).map(result),
      };
      return pipeline;
    },
  };
}
