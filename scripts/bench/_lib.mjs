// Shared pieces of the benchmarks (files starting with "_" are not benchmarks themselves).
// A benchmark module in scripts/bench/<name>.mjs exports:
//   export const description = 'one line';
//   export default async function run(options) { ... return [{ label, result }, ...] }
// where `options` is { duration, connections, rounds } and each result has autocannon's shape
// (requests.average, latency.p50/p99, non2xx, errors). Use the helpers below: startSite() for the
// built site, captureResponse() to record one answer's exact bytes, startBare() for a bare node:http
// server answering those same bytes, and compare() to measure the sides in alternating rounds (so a
// burst of load from elsewhere on a shared machine hits both sides alike).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

import { freePort, root } from '../lib/built-site.mjs';

export { freePort, root };


/** Spawns a Node script, waits for `readyText` on stdout, and returns { url, stop } (ended by PID). */
export async function spawnServer(args, env, readyText, cwd = root) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the last 64 KiB of output are kept (for error messages): the site writes a log line per request,
  // and this process also runs the load generator, which must not slow down as the output grows.
  let output = '';
  const take = (chunk) => {
    output += chunk;
    if (output.length > 128 * 1024) output = output.slice(-64 * 1024);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const ready = () => {
      if (!output.includes(readyText)) return;
      clearTimeout(timer);
      child.stdout.off('data', ready);
      resolve();
    };
    child.stdout.on('data', ready);
    child.on('exit', (code) => (clearTimeout(timer), reject(new Error(`server exited with ${code}:\n${output}`))));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  process.once('exit', () => child.kill('SIGKILL'));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop, output: () => output };
}

/**
 * The built site (scripts/start.mjs, which builds first when no build fits) with its own data directory;
 * `siteRoot` runs another checkout's site (BENCH_SITE_ROOT: the code before a change).
 */
export async function startSite(settings = {}, siteRoot = root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  // SITE_URL as the default build has it, so that start.mjs reuses one build for every random port.
  // SKIP_BUILD=1 serves the checkout's dist/ as built (`npm run build`), as the tests do: no build while measuring.
  const skipBuild = process.env.SKIP_BUILD === '1' ? { SKIP_BUILD: '1' } : {};
  // The load comes from one address: BENCH_CONNECTIONS may exceed the per-address connection cap.
  const server = await spawnServer(['scripts/start.mjs'], { NODE_ENV: 'production', DATA_DIR: dataDir, SITE_URL: 'http://localhost:4321', MAX_CONNECTIONS_PER_ADDRESS: '0', REBUILD_ON_CHANGE: 'false', ...skipBuild, ...settings }, 'Listening on', siteRoot);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends one request and records the answer's status, headers and body bytes. */
export async function captureResponse(url, request = {}) {
  const response = await fetch(url, request);
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name));
  return { status: response.status, headers, body: body.toString('base64') };
}

/** A bare node:http server in its own process that answers every request with the captured bytes. */
export function startBare(captured) {
  const code = `
    const http = require('node:http');
    const answer = JSON.parse(process.env.ANSWER);
    const body = Buffer.from(answer.body, 'base64');
    http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        for (const [name, value] of answer.headers) response.setHeader(name, value);
        response.setHeader('content-length', body.length);
        response.writeHead(answer.status);
        response.end(body);
      });
    }).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare listening'));`;
  return spawnServer(['-e', code], { ANSWER: JSON.stringify(captured) }, 'bare listening');
}

/** Runs autocannon; a short warm-up first, so JIT and connection set-up are not measured. */
export async function measure(url, request, { duration, connections }) {
  await autocannon({ url, ...request, connections, duration: Math.min(2, duration) });
  return autocannon({ url, ...request, connections, duration });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux). On a machine shared with
 * other work, req/s depends on what else runs; CPU time per request does not, and for a
 * single-threaded server its inverse is the req/s it would reach alone.
 */
export function cpuMs(pid) {
  if (!pid) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name, in clock ticks (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Measures each side ({ label, url, request }) in `rounds` alternating rounds of duration/rounds
 * seconds after one warm-up each. req/s is total requests over total time; latencies are the
 * median of the rounds' percentiles.
 */
export async function compare(sides, { duration, connections, rounds = 4 }) {
  for (const side of sides) await autocannon({ url: side.url, ...side.request, connections, duration: 2 });
  const runs = sides.map(() => []);
  const cpu = sides.map(() => 0);
  const slice = Math.max(1, Math.round(duration / rounds));
  for (let round = 0; round < rounds; round++) {
    for (const [index, side] of sides.entries()) {
      const before = cpuMs(side.pid);
      runs[index].push(await autocannon({ url: side.url, ...side.request, connections, duration: slice }));
      const after = cpuMs(side.pid);
      if (before !== undefined && after !== undefined) cpu[index] += after - before;
    }
  }
  return sides.map((side, index) => {
    const results = runs[index];
    const seconds = results.reduce((sum, result) => sum + result.duration, 0);
    return {
      label: side.label,
      result: {
        requests: { average: results.reduce((sum, result) => sum + result.requests.total, 0) / seconds },
        latency: { p50: median(results.map((result) => result.latency.p50)), p99: median(results.map((result) => result.latency.p99)) },
        non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
        errors: results.reduce((sum, result) => sum + result.errors, 0),
        // Server CPU per answered request, in microseconds (undefined without a pid).
        cpuMicrosPerRequest: side.pid ? (cpu[index] * 1000) / Math.max(1, results.reduce((sum, result) => sum + result.requests.total, 0)) : undefined,
      },
    };
  });
}
