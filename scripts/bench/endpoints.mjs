// The endpoints with a performance budget, each measured three ways in alternating rounds of one run:
//   ours  — the built site (scripts/start.mjs, everything included: middleware, rate limits, logs);
//   floor — a minimal Astro endpoint on the same adapter answering the same bytes (./floor/): what
//           the framework costs by itself;
//   bare  — node:http answering the same bytes.
// Prints req/s and p99 per side and the ratios ours/floor (budget ≥ 0.85 for JSON) and ours/bare
// (budget ≥ 0.4 for the prerendered page). Rate limits are raised so that every answer is a 2xx.
// BENCH_SITE_ROOT measures another checkout's site (e.g. the code before a change) with the same floor;
// BENCH_LOG_COST=1 adds the site with request logs off as a fourth side.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureResponse, compare, root, spawnServer, startSite } from './_lib.mjs';

export const description = 'ours vs a minimal Astro endpoint (same adapter) vs bare node:http, same bytes';

const json = { 'content-type': 'application/json' };
const mcpHeaders = { ...json, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/** What is measured: label, path, request, and a check of the recorded answer. */
export const endpoints = [
  {
    label: 'POST /mcp tools/list',
    path: '/mcp',
    request: { method: 'POST', headers: mcpHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) },
    check: (body) => JSON.parse(body).result?.tools?.length > 0,
  },
  {
    label: 'POST /ask',
    path: '/ask',
    request: { method: 'POST', headers: json, body: JSON.stringify({ query: 'ile kosztuje strona internetowa dla fundacji', locale: 'pl' }) },
    check: (body) => Array.isArray(JSON.parse(body).results),
  },
  {
    label: 'GET /api/consultation/slots',
    path: '/api/consultation/slots',
    query: '?locale=pl&timeZone=Europe%2FWarsaw',
    request: { method: 'GET' },
    check: (body) => JSON.parse(body).ok === true,
  },
  {
    label: 'POST /api/subscribe',
    path: '/api/subscribe',
    // One address: subscribing again is the idempotent path (a read in node:sqlite).
    request: { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@example.org', consent: true, locale: 'pl' }) },
    check: (body) => JSON.parse(body).ok === true,
  },
  {
    label: 'GET /cennik/ (prerendered, br)',
    path: '/cennik/',
    request: { method: 'GET', headers: { 'accept-encoding': 'br, gzip' } },
    check: () => true,
  },
];

/** Builds the floor app once into a temporary folder. */
function buildFloor(outDir) {
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', join(root, 'scripts/bench/floor')], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FLOOR_OUT_DIR: outDir },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`floor build failed:\n${build.stdout}\n${build.stderr}`);
}

/** node:http answering each recorded answer by method and path. */
const bareCode = `
  const http = require('node:http');
  const answers = new Map(Object.entries(require(process.env.FLOOR_ANSWERS)).map(([key, a]) => [key, { ...a, body: Buffer.from(a.body, 'base64') }]));
  http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const answer = answers.get(request.method + ' ' + request.url.split('?')[0]);
      if (!answer) return response.writeHead(404).end();
      for (const [name, value] of answer.headers) response.setHeader(name, value);
      response.setHeader('content-length', answer.body.length);
      response.writeHead(answer.status);
      response.end(answer.body);
    });
  }).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare listening'));`;

export default async function run(options) {
  const limits = { RATE_LIMIT_MCP: '100000', RATE_LIMIT_ASK: '100000', RATE_LIMIT_SLOTS: '100000', RATE_LIMIT_SUBSCRIBE: '100000', LOG_LEVEL: 'info' };
  const site = await startSite(limits, process.env.BENCH_SITE_ROOT);
  // BENCH_LOG_COST=1: a second site without request logs, as a fourth side (the cost of the log line).
  const quiet = process.env.BENCH_LOG_COST === '1' ? await startSite({ ...limits, LOG_LEVEL: 'warn' }, process.env.BENCH_SITE_ROOT) : undefined;
  // Inside the project, so that the floor's bundle resolves its packages from node_modules.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const work = mkdtempSync(join(root, 'node_modules/.cache/bench-floor-'));
  const servers = [];
  try {
    // Record each answer once, then serve the same bytes from the floor and the bare server.
    const answers = {};
    for (const endpoint of endpoints) {
      const captured = await captureResponse(`${site.url}${endpoint.path}${endpoint.query ?? ''}`, endpoint.request);
      const text = Buffer.from(captured.body, 'base64').toString();
      if (captured.status !== 200 || (!captured.headers.some(([name]) => name === 'content-encoding') && !endpoint.check(text))) {
        throw new Error(`${endpoint.label} answered ${captured.status}: ${text.slice(0, 200)}`);
      }
      answers[`${endpoint.request.method} ${endpoint.path}`] = captured;
    }
    const answersFile = join(work, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    buildFloor(join(work, 'dist'));
    const floor = await spawnServer([join(root, 'scripts/bench/floor/server.mjs')], { FLOOR_OUT_DIR: join(work, 'dist'), FLOOR_ANSWERS: answersFile }, 'floor listening');
    servers.push(floor);
    const bare = await spawnServer(['-e', bareCode], { FLOOR_ANSWERS: answersFile }, 'bare listening');
    servers.push(bare);

    const rows = [];
    for (const endpoint of endpoints) {
      const url = (base) => `${base}${endpoint.path}${endpoint.query ?? ''}`;
      const measured = await compare(
        [
          { label: 'ours', url: url(site.url), pid: site.pid, request: endpoint.request },
          { label: 'floor (minimal Astro endpoint)', url: url(floor.url), pid: floor.pid, request: endpoint.request },
          { label: 'bare node:http', url: url(bare.url), pid: bare.pid, request: endpoint.request },
          ...(quiet ? [{ label: 'ours, LOG_LEVEL=warn (no request logs)', url: url(quiet.url), pid: quiet.pid, request: endpoint.request }] : []),
        ],
        options,
      );
      rows.push({ endpoint: endpoint.label, sides: measured });
    }
    return { kind: 'endpoints', rows };
  } finally {
    for (const server of servers) await server.stop();
    await quiet?.stop();
    await site.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
