#!/usr/bin/env node
// Benchmarks against the performance budgets. `npm run bench` measures the endpoints of scripts/bench/endpoints.mjs:
// for each, our site, a minimal Astro endpoint on the same adapter (the framework's floor) and bare
// node:http answering the same bytes, in alternating rounds of one run (so a burst of load from elsewhere
// on a shared machine hits every side alike), with req/s, p99 and the two ratios.
// It then measures the dearest /ask questions beside normal ones (scripts/bench/ask-attack.mjs: server
// CPU per request and the ratio the budget "Under attack" bounds), the first /ask question after a start
// against the next one (scripts/bench/ask-first.mjs), then record writes per second on
// SQLite and, when a Debian PostgreSQL is installed, on PostgreSQL (scripts/bench/records.mjs).
// `npm run bench -- ask` runs another module of scripts/bench/ (ask: /ask at 10,000 articles).
// BENCH_DURATION (seconds per side, default 12), BENCH_ROUNDS (alternations, default 4),
// BENCH_CONNECTIONS (default 50) tune the runs; BENCH_SITE_ROOT measures another checkout's site;
// SKIP_BUILD=1 serves each checkout's dist/ as `npm run build` left it.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const folder = fileURLToPath(new URL('./bench/', import.meta.url));
const available = readdirSync(folder)
  .filter((name) => name.endsWith('.mjs') && !name.startsWith('_'))
  .map((name) => name.replace(/\.mjs$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
const options = {
  duration: Number(process.env.BENCH_DURATION ?? 12),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  rounds: Number(process.env.BENCH_ROUNDS ?? 4),
};

const pad = (value, width) => String(value).padStart(width);
const cpu = (result) => (result.cpuMicrosPerRequest === undefined ? '-' : Math.round(result.cpuMicrosPerRequest));
const line = (label, result) =>
  `${label.padEnd(40)} ${pad(Math.round(result.requests.average), 8)} ${pad(result.latency.p50, 7)} ${pad(result.latency.p99, 7)} ${pad(result.non2xx, 8)} ${pad(result.errors, 7)} ${pad(cpu(result), 11)}`;
const header = `${'side'.padEnd(40)} ${pad('req/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('non-2xx', 8)} ${pad('errors', 7)} ${pad('cpu µs/req', 11)}`;
/** CPU cost ratio: how many of our requests fit in the CPU time of one of theirs (≈ the req/s ratio on an idle machine). */
const cpuRatio = (ours, other) => (ours.cpuMicrosPerRequest && other.cpuMicrosPerRequest ? (other.cpuMicrosPerRequest / ours.cpuMicrosPerRequest).toFixed(2) : '-');

function printEndpoints(rows) {
  const summary = [];
  for (const { endpoint, sides } of rows) {
    const [ours, floor, bare, quiet] = sides.map((side) => side.result);
    console.log(`\n### ${endpoint}\n${header}`);
    for (const side of sides) console.log(line(side.label, side.result));
    const toFloor = ours.requests.average / floor.requests.average;
    const toBare = ours.requests.average / bare.requests.average;
    console.log(`ratios (req/s): ours/floor ${toFloor.toFixed(2)}, ours/bare ${toBare.toFixed(2)}; by CPU per request: ours/floor ${cpuRatio(ours, floor)}, ours/bare ${cpuRatio(ours, bare)}; p99 ${ours.latency.p99} ms; non-2xx ${ours.non2xx}`);
    if (quiet) {
      const logCpu = ours.cpuMicrosPerRequest && quiet.cpuMicrosPerRequest ? `, ${Math.round(ours.cpuMicrosPerRequest - quiet.cpuMicrosPerRequest)} µs CPU per request` : '';
      console.log(`request logs cost: ${((1 - ours.requests.average / quiet.requests.average) * 100).toFixed(1)}% of req/s${logCpu}`);
    }
    summary.push({ endpoint, ours, floor, bare, toFloor, toBare });
  }
  console.log(`\n### summary (budgets: JSON ≥ 0.85× floor and p99 < 25 ms; the page ≥ 0.40× bare; 0 non-2xx)`);
  console.log(`${'endpoint'.padEnd(34)} ${pad('req/s', 8)} ${pad('p99 ms', 7)} ${pad('floor p99', 10)} ${pad('/floor', 7)} ${pad('/bare', 7)} ${pad('non-2xx', 8)} ${pad('cpu µs', 7)} ${pad('cpu/floor', 10)} ${pad('cpu/bare', 9)}`);
  for (const { endpoint, ours, floor, bare, toFloor, toBare } of summary) {
    console.log(`${endpoint.padEnd(34)} ${pad(Math.round(ours.requests.average), 8)} ${pad(ours.latency.p99, 7)} ${pad(floor.latency.p99, 10)} ${pad(toFloor.toFixed(2), 7)} ${pad(toBare.toFixed(2), 7)} ${pad(ours.non2xx, 8)} ${pad(cpu(ours), 7)} ${pad(cpuRatio(ours, floor), 10)} ${pad(cpuRatio(ours, bare), 9)}`);
  }
  console.log('(cpu: server CPU time per request from /proc; its ratios are what req/s ratios would be on an idle machine for these single-threaded servers)');
}

let failed = false;
for (const name of wanted.length ? wanted : ['endpoints', 'ask-attack', 'ask-first', 'records']) {
  const module = await import(pathToFileURL(`${folder}${name}.mjs`).href);
  console.log(`\n## ${name}: ${module.description ?? ''}\n   ${options.connections} connections, ${options.duration} s per side in ${options.rounds} alternating rounds`);
  try {
    const rows = await module.default(options);
    if (rows?.kind === 'endpoints') printEndpoints(rows.rows);
    else {
      console.log(header);
      for (const { label, result } of rows) console.log(line(label, result));
      if (module.summary) console.log(module.summary(rows));
    }
  } catch (error) {
    failed = true;
    console.error(`benchmark ${name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
