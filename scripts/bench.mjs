#!/usr/bin/env node
// Benchmarks (DESIGN.md "Budgets"): `npm run bench` runs every module in scripts/bench/,
// `npm run bench -- subscribe` only the named ones. Each compares our endpoint with a bare node:http
// server answering the same bytes in the same run, and prints req/s, p99 latency and the ratio.
// BENCH_DURATION (seconds per side, default 12), BENCH_ROUNDS (alternations, default 4) and
// BENCH_CONNECTIONS (default 50) tune the runs.
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
let failed = false;
for (const name of wanted.length ? wanted : available) {
  const module = await import(pathToFileURL(`${folder}${name}.mjs`).href);
  console.log(`\n## ${name}: ${module.description ?? ''}\n   ${options.connections} connections, ${options.duration} s per side in ${options.rounds} alternating rounds\n`);
  try {
    const rows = await module.default(options);
    console.log(`${'side'.padEnd(34)} ${pad('req/s', 10)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('non-2xx', 8)} ${pad('errors', 7)}`);
    for (const { label, result } of rows) {
      console.log(
        `${label.padEnd(34)} ${pad(Math.round(result.requests.average), 10)} ${pad(result.latency.p50, 8)} ${pad(result.latency.p99, 8)} ${pad(result.non2xx, 8)} ${pad(result.errors, 7)}`,
      );
    }
    if (rows.length === 2) {
      const [ours, baseline] = rows.map((row) => row.result);
      const ratio = ours.requests.average / baseline.requests.average;
      console.log(`\nratio (ours / bare): ${ratio.toFixed(2)}  — budget ≥ 0.50; p99 budget < 25 ms: ${ours.latency.p99 < 25 ? 'met' : 'missed'}`);
    }
  } catch (error) {
    failed = true;
    console.error(`benchmark ${name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
