#!/usr/bin/env node
// Bench module: MCP `tools/list` (POST /mcp, the official JSON-RPC path through the MCP SDK) on the
// built site against a bare node:http server, in its own process, answering the same bytes (status,
// headers, body), measured one after the other in the same run with autocannon.
// Interface of scripts/bench.mjs: `description` and a default export returning [{ label, result }].
// Alone: `npm exec -- node scripts/bench/mcp.mjs` (npm puts the project's Node 24 first on PATH);
// needs a built dist/. BENCH_DURATION (s, default 10) and BENCH_CONNECTIONS (default 50) tune it.
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

export default async function run(options = {}) {
  const settings = { duration: options.duration ?? 10, connections: options.connections ?? 50 };
  const site = await startSite();
  try {
    const captured = await capture(`${site.url}/mcp`);
    const tools = JSON.parse(captured.body.toString()).result?.tools;
    if (captured.status !== 200 || tools?.length !== 9) throw new Error(`tools/list answered ${captured.status}: ${captured.body}`);
    const bare = await startBare(captured);
    try {
      await measure(`${site.url}/mcp`, { ...settings, duration: 1 }); // warm-up (JIT, catalog)
      const ours = await measure(`${site.url}/mcp`, settings);
      const baseline = await measure(`${bare.url}/mcp`, settings);
      const rows = [
        { label: 'site POST /mcp tools/list', result: ours },
        { label: 'bare node:http, same bytes', result: baseline },
      ];
      if (options.attribution) {
        const framework = await measure(`${site.url}/mcp`, settings, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no/such' }));
        rows.push({ label: 'site 404 before the SDK (framework)', result: framework });
      }
      return rows;
    } finally {
      await bare.stop();
    }
  } finally {
    await site.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = { duration: Number(process.env.BENCH_DURATION ?? 10), connections: Number(process.env.BENCH_CONNECTIONS ?? 50), attribution: true };
  const rows = await run(options);
  console.log(`${description}\n${options.connections} connections, ${options.duration} s each\n`);
  for (const { label, result } of rows) {
    console.log(`${label.padEnd(38)} ${String(Math.round(result.requests.average)).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`);
  }
  const ratio = rows[0].result.requests.average / rows[1].result.requests.average;
  console.log(`\nratio (ours / bare): ${ratio.toFixed(2)}  — budget ≥ 0.50; p99 budget < 25 ms: ${rows[0].result.latency.p99 < 25 ? 'met' : 'missed'}`);
}
