/**
 * Starts the built site (scripts/start.mjs, the same path `npm start` takes) on a free loopback port
 * with its own data directory, the raised rate limits of testRateLimits and the given settings. The
 * process is ended by PID in stop() and, as a safety net, when the test worker exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

const root = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface TestServer {
  url: string;
  port: number;
  /** The id of the node process serving (its /proc/<pid> has its resident memory and CPU time). */
  pid: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** What it printed on stdout alone (the log's JSON lines). */
  stdout: () => string;
  /** Sends a signal to the server process (graceful-stop tests). */
  signal: (name: NodeJS.Signals) => void;
  /** Resolves when the process has exited, with its exit code. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/**
 * The environment every process a test starts from this checkout shares: production mode, no
 * settings from a developer's .env (each test states its own), its own DATA_DIR, and the SITE_URL
 * the test build uses (build-site.ts; unset, it would follow the random PORT).
 */
export function testEnvironment(dataDir: string): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    ENV_FILE: '/dev/null',
    DATA_DIR: dataDir,
    SITE_URL: 'http://localhost:4321',
  };
}

/**
 * The per-minute budget of every RATE_LIMIT_* family in a test server: far above what any test sends,
 * so a test never meets a limit it is not about. A test of a limit sets that family's own, lower value.
 */
export const TEST_RATE_LIMIT = '100000';
export const testRateLimits = {
  ...Object.fromEntries(
    ['SUBSCRIBE', 'UNSUBSCRIBE', 'CONTACT', 'CONTACT_DAILY', 'MCP', 'ASK', 'SLOTS', 'BOOKING', 'CHAT', 'OAUTH'].map((family) => [`RATE_LIMIT_${family}`, TEST_RATE_LIMIT]),
  ),
  // Every test speaks from 127.0.0.1: one address's share of the daily caps must not be the limit a test meets.
  CHAT_DAILY_REQUESTS_PER_ADDRESS: TEST_RATE_LIMIT,
  ASK_CONVERSATIONAL_DAILY_PER_ADDRESS: TEST_RATE_LIMIT,
};

/**
 * `settings` may depend on the port (e.g. SITE_URL equal to the test server's own URL, which OAuth needs).
 * `startMs`: how long it may take to listen (longer when SKIP_BUILD is '' and it builds for its settings).
 */
export async function startServer(
  settings: Record<string, string> | ((port: number) => Record<string, string>) = {},
  { startMs = 20_000 }: { startMs?: number } = {},
): Promise<TestServer> {
  let port = typeof settings === 'object' && settings.PORT ? Number(settings.PORT) : await freePort();
  if (typeof settings === 'function') {
    settings = settings(port);
    if (settings.PORT) port = Number(settings.PORT);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'site-test-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...testEnvironment(dataDir), ...testRateLimits, SKIP_BUILD: '1', HOST: '127.0.0.1', PORT: String(port), ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  let stdout = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => (output += chunk));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never listened is not left running behind the failed test.
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${startMs / 1000} s:\n${output}`));
    }, startMs);
    const check = () => {
      if (output.includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    dataDir,
    output: () => output,
    stdout: () => stdout,
    signal: (name) => child.kill(name),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      running.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
