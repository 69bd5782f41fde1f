/**
 * Graceful stop of the built server (src/server/node/shutdown.ts): 100 slot lookups are held in flight
 * by a Cal.com fake that answers after 1.5 s; SIGTERM arrives while they wait. Every one gets its 200,
 * new connections are refused, and the process exits by itself with code 0 well within 15 s.
 * Then the same through `npm start` with the signal sent to its whole process group, as a terminal's
 * Ctrl-C and systemd's default KillMode deliver it: node gets it twice (from the kernel and forwarded
 * by npm), and the copy must not cut the requests in flight.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalFake, type CalFake } from '../support/cal-fake';
import { freePort } from '../support/ports';
import { startServer, testEnvironment, testRateLimits, type TestServer } from '../support/server';

const root = fileURLToPath(new URL('../..', import.meta.url));

let cal: CalFake;
let server: TestServer;
const hour = 3_600_000;
const base = Math.ceil((Date.now() + 2 * 24 * hour) / hour) * hour;

beforeAll(async () => {
  cal = await startCalFake({ slots: [base, base + hour].map((ms) => new Date(ms).toISOString()) });
  server = await startServer({
    CAL_API_KEY: cal.apiKey,
    CAL_API_URL: cal.apiUrl,
    CAL_EVENT_TYPE_ID: String(cal.eventTypeId),
    // 100 requests in flight from one address, one connection each: over the per-address cap.
    MAX_CONNECTIONS_PER_ADDRESS: '0',
  });
});
afterAll(async () => {
  await server?.stop();
  await cal?.close();
});

/** Resolves when the fake has received `count` requests (the lookups are then in flight in the server). */
async function received(count: number): Promise<void> {
  const until = Date.now() + 20_000;
  while (cal.requests.length < count) {
    if (Date.now() > until) throw new Error(`the fake received ${cal.requests.length} of ${count} requests`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A GET over node:http through `agent`: status and parsed JSON body. */
function get(path: string, agent: Agent, base = server.url): Promise<{ status: number; body: { mode?: string; slots?: unknown[] } }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('graceful stop', () => {
  it('answers all 100 slot lookups in flight with 200 after SIGTERM, then exits by itself with 0', async () => {
    cal.delayMs = 1_500;
    // One connection per request, kept alive: the server must close them itself once they are idle.
    const agent = new Agent({ keepAlive: true, maxSockets: 128 });
    // 100 different queries (the server shares one provider call among identical lookups in flight).
    const endDate = (index: number) => new Date(Date.now() + (30 + Math.floor(index / 20)) * 24 * hour).toISOString().slice(0, 10);
    const lookups = Array.from({ length: 100 }, (_, index) => get(`/api/consultation/slots?locale=pl&timeZone=Europe/Warsaw&limit=${(index % 20) + 1}&end=${endDate(index)}`, agent));
    await received(100);
    const signalled = Date.now();
    server.signal('SIGTERM');

    // While draining, the listening socket is closed: a new connection is refused. Probe once the
    // server has taken the signal (it says so before it flushes the line; on a loaded machine 200 ms
    // were not always enough, and a connection still queued when the socket closed was reset).
    const until = Date.now() + 10_000;
    while (!server.output().includes('"msg":"stopping') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await new Promise<string>((resolve) => {
      const probe = request(`${server.url}/`, { agent: false }, (response) => resolve(`answered ${response.statusCode}`));
      probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      probe.end();
    });
    expect(refused).toBe('ECONNREFUSED');

    const answers = await Promise.all(lookups);
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));
    // Complete JSON answers (on a machine loaded enough for the provider's 5 s timeout, the documented link-only fallback is one too).
    expect(answers.every((answer) => answer.body.mode === 'slots' || answer.body.mode === 'link_only')).toBe(true);

    const code = await Promise.race([server.exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(server.output()).toContain('"msg":"stopped"');
    agent.destroy();
  }, 40_000);
});

describe('graceful stop through npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('answers all 50 lookups in flight when %s reaches the whole process group (npm and node)', async (signal) => {
    cal.delayMs = 1_500;
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'stop-group-'));
    // Its own process group, as a service or a terminal job: -pid addresses npm and node together.
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...testEnvironment(dataDir),
        ...testRateLimits,
        SKIP_BUILD: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        CAL_API_KEY: cal.apiKey,
        CAL_API_URL: cal.apiUrl,
        CAL_EVENT_TYPE_ID: String(cal.eventTypeId),
      },
    });
    let output = '';
    npm.stdout!.on('data', (chunk) => (output += chunk));
    npm.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      const until = Date.now() + 20_000;
      while (!output.includes('Listening on') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(output).toContain('Listening on');

      const agent = new Agent({ keepAlive: true, maxSockets: 64 });
      const before = cal.requests.length;
      const endDate = (index: number) => new Date(Date.now() + (60 + Math.floor(index / 20)) * 24 * hour).toISOString().slice(0, 10);
      const lookups = Array.from({ length: 50 }, (_, index) =>
        get(`/api/consultation/slots?locale=en&timeZone=Europe/Warsaw&limit=${(index % 20) + 1}&end=${endDate(index)}`, agent, `http://127.0.0.1:${port}`).then(
          (answer) => answer.status,
          (error: NodeJS.ErrnoException) => error.code ?? error.message,
        ),
      );
      await received(before + 50);
      process.kill(-npm.pid!, signal);

      const answers = await Promise.all(lookups);
      const answered = answers.filter((status) => status === 200).length;
      console.log(`[group ${signal}] ${answered} of 50 lookups in flight answered 200; others: ${JSON.stringify(answers.filter((status) => status !== 200))}`);
      expect(answers).toEqual(Array(50).fill(200));
      expect(await exited).toBe(0);
      // Whether npm's forwarded copy arrives (logged 'taken as the same stop') is npm's timing; what
      // must hold is that no copy is taken for an impatient second signal.
      expect(output).not.toContain('exiting now');
      expect(output).toContain('"msg":"stopped"');
      agent.destroy();
    } finally {
      if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
