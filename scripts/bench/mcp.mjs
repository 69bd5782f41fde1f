#!/usr/bin/env node
// Bench module: MCP `tools/list` (POST /mcp) requests per second and p99 latency against a bare
// node:http server answering the same bytes, measured side by side in the same run with autocannon.
// Alone: `npm exec -- node scripts/bench/mcp.mjs` (npm puts the project's Node 24 first on PATH);
// needs a built dist/ (`npm run build`). Options through the environment: BENCH_DURATION (s, default 8),
// BENCH_CONNECTIONS (default 50).
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const name = 'mcp tools/list';

const requestBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const requestHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
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

async function startSite() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', SKIP_BUILD: '1', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, RATE_LIMIT_MCP: '100000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the site did not start:\n${output}`)), 20_000);
    child.stdout.on('data', () => output.includes('Listening on') && (clearTimeout(timer), resolve()));
    child.on('exit', (code) => (clearTimeout(timer), reject(new Error(`the site exited with ${code}:\n${output}`))));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => (rmSync(dataDir, { recursive: true, force: true }), resolve()));
        child.kill('SIGTERM');
      }),
  };
}

/** The baseline: node:http answering every request with the bytes the site sent for tools/list. */
async function startBare(body, contentType) {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
      response.end(body);
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) };
}

function measure(url, { duration, connections, body = requestBody }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, method: 'POST', headers: requestHeaders, body, duration, connections }, (error, result) => {
      if (error) reject(error);
      else resolve({ requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors });
    });
  });
}

export async function run({ duration = Number(process.env.BENCH_DURATION ?? 8), connections = Number(process.env.BENCH_CONNECTIONS ?? 50) } = {}) {
  const site = await startSite();
  let bare;
  try {
    const probe = await fetch(site.url, { method: 'POST', headers: requestHeaders, body: requestBody });
    const body = Buffer.from(await probe.arrayBuffer());
    if (probe.status !== 200 || JSON.parse(body.toString()).result?.tools?.length !== 9) throw new Error(`tools/list answered ${probe.status}: ${body}`);
    bare = await startBare(body, probe.headers.get('content-type'));
    // Warm both up (JIT, catalog), then measure one after the other on the same machine.
    await measure(site.url, { duration: 1, connections });
    await measure(bare.url, { duration: 1, connections });
    const siteResult = await measure(site.url, { duration, connections });
    const bareResult = await measure(bare.url, { duration, connections });
    // Attribution: an unknown method is answered (404) before the MCP SDK runs, so this row is the
    // cost of Astro, the middleware (rate limit, CORS, headers) and the JSON-RPC checks alone.
    const frameworkResult = await measure(site.url, { duration, connections, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no/such' }) });
    return {
      name,
      bytes: body.length,
      connections,
      duration,
      site: siteResult,
      bare: bareResult,
      framework: frameworkResult,
      ratio: siteResult.requestsPerSecond / bareResult.requestsPerSecond,
    };
  } finally {
    await bare?.stop();
    await site.stop();
  }
}

export function format(result) {
  const row = (label, value) => `${label.padEnd(22)} ${value.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(value.p99).padStart(4)} ms   non-2xx ${String(value.non2xx).padStart(6)}   errors ${value.errors}`;
  return [
    `${result.name}: ${result.bytes} bytes per answer, ${result.connections} connections, ${result.duration} s each`,
    row('site POST /mcp', result.site),
    row('bare node:http', result.bare),
    row('site 404 (no SDK)', result.framework),
    `ratio site/bare: ${(result.ratio * 100).toFixed(1)} % (budget ≥ 50 %; p99 budget < 25 ms)`,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await run();
  console.log(format(result));
}
