#!/usr/bin/env node
// Bench module: MCP `tools/list` (POST /mcp, the official JSON-RPC path through the MCP SDK) on the
// built site against a bare node:http server, in its own process, answering the same bytes (status,
// headers, body), measured one after the other in the same run with autocannon.
// Interface of scripts/bench.mjs: `description` and a default export returning [{ label, result }].
// Alone: `npm exec -- node scripts/bench/mcp.mjs` (npm puts the project's Node 24 first on PATH);
// needs a built dist/. BENCH_DURATION (s per side, default 12), BENCH_ROUNDS (alternations, default 4)
// and BENCH_CONNECTIONS (default 50) tune it.
// Alone it also measures an unknown method, answered (404) before the SDK runs: the cost of Astro,
// the middleware and the JSON-RPC checks without the SDK, to show where the time goes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const description = 'POST /mcp tools/list (MCP SDK, stateless) vs bare node:http with the same bytes';

const request = {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
};

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns a Node process, waits for `ready` on stdout; stop() ends it by PID. */
async function spawnServer(args, env, ready) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', () => output.includes(ready) && (clearTimeout(timer), resolve()));
    child.on('exit', (code) => (clearTimeout(timer), reject(new Error(`server exited with ${code}:\n${output}`))));
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startSite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
  // The limit is raised so the benchmark measures the endpoint, not 429s (still counted per request).
  const server = await spawnServer(['scripts/start.mjs'], { NODE_ENV: 'production', SKIP_BUILD: '1', DATA_DIR: dataDir, RATE_LIMIT_MCP: '100000' }, 'Listening on');
  return { ...server, stop: async () => (await server.stop(), rmSync(dataDir, { recursive: true, force: true })) };
}

/** The baseline in its own process: every request gets the captured status, headers and body. */
function startBare(captured) {
  const code = `
    const http = require('node:http');
    const body = Buffer.from(${JSON.stringify(captured.body.toString('base64'))}, 'base64');
    const headers = ${JSON.stringify(captured.headers)};
    http.createServer((request, response) => {
      request.resume();
      request.on('end', () => { response.writeHead(${captured.status}, headers); response.end(body); });
    }).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('Listening on'));
    process.on('SIGTERM', () => process.exit(0));`;
  return spawnServer(['-e', code], {}, 'Listening on');
}

async function capture(url) {
  const response = await fetch(url, request);
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name));
  return { status: response.status, headers: Object.fromEntries(headers), body };
}

function measure(url, { duration, connections }, body = request.body) {
  return autocannon({ url, method: request.method, headers: request.headers, body, duration, connections });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Measures the sides in `rounds` alternating rounds (a burst of load from elsewhere on a shared
 * machine hits both alike): req/s is total requests over total time, latencies the median of the
 * rounds' percentiles. The result keeps autocannon's shape.
 */
async function alternate(sides, { duration, connections, rounds }) {
  const slice = Math.max(1, Math.round(duration / rounds));
  const runs = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, side] of sides.entries()) runs[index].push(await measure(side.url, { duration: slice, connections }, side.body));
  }
  return runs.map((results) => ({
    requests: { average: results.reduce((sum, result) => sum + result.requests.total, 0) / results.reduce((sum, result) => sum + result.duration, 0) },
    latency: { p50: median(results.map((result) => result.latency.p50)), p99: median(results.map((result) => result.latency.p99)) },
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  }));
}

export default async function run(options = {}) {
  const settings = { duration: options.duration ?? 10, connections: options.connections ?? 50, rounds: options.rounds ?? 4 };
  const site = await startSite();
  try {
    const captured = await capture(`${site.url}/mcp`);
    const tools = JSON.parse(captured.body.toString()).result?.tools;
    if (captured.status !== 200 || tools?.length !== 9) throw new Error(`tools/list answered ${captured.status}: ${captured.body}`);
    const bare = await startBare(captured);
    try {
      const sides = [{ url: `${site.url}/mcp` }, { url: `${bare.url}/mcp` }];
      // Attribution: an unknown method is answered (404) before the MCP SDK runs, so this side is the
      // cost of Astro, the middleware (rate limit, CORS, headers) and the JSON-RPC checks alone.
      if (options.attribution) sides.push({ url: `${site.url}/mcp`, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no/such' }) });
      for (const side of sides) await measure(side.url, { duration: 2, connections: settings.connections }, side.body); // warm-up
      const [ours, baseline, framework] = await alternate(sides, settings);
      const rows = [
        { label: 'site POST /mcp tools/list', result: ours },
        { label: 'bare node:http, same bytes', result: baseline },
      ];
      if (framework) rows.push({ label: 'site 404 before the SDK (framework)', result: framework });
      return rows;
    } finally {
      await bare.stop();
    }
  } finally {
    await site.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = {
    duration: Number(process.env.BENCH_DURATION ?? 12),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    rounds: Number(process.env.BENCH_ROUNDS ?? 4),
    attribution: true,
  };
  const rows = await run(options);
  console.log(`${description}\n${options.connections} connections, ${options.duration} s per side in ${options.rounds} alternating rounds\n`);
  for (const { label, result } of rows) {
    console.log(`${label.padEnd(38)} ${String(Math.round(result.requests.average)).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`);
  }
  const ratio = rows[0].result.requests.average / rows[1].result.requests.average;
  console.log(`\nratio (ours / bare): ${ratio.toFixed(2)}  — budget ≥ 0.50; p99 budget < 25 ms: ${rows[0].result.latency.p99 < 25 ? 'met' : 'missed'}`);
}
