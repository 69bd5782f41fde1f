// The first /ask question after a start against the next one: server CPU (from /proc) and wall time of
// each, the server's resident memory after both, and the size of the index the build made
// (dist/server/ask-index.bin, src/server/ask/index-artefact.ts; without it the first question indexes
// the site and trains the classifier). Each start is a new process; `GET /ask` (how to ask) loads the
// route first, so the first question's figure is the index and the catalog, not the route's modules.
// BENCH_ASK_STARTS (default 3) starts; BENCH_SITE_ROOT measures another checkout (the code before).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cpuMs, root, startSite } from './_lib.mjs';

export const description = '/ask: the first question after a start vs the next one (server CPU, wall time), RSS, the index file';

const starts = Number(process.env.BENCH_ASK_STARTS ?? 3);
const headers = { 'content-type': 'application/json' };
const questions = [
  { text: 'ile kosztuje strona internetowa dla fundacji', locale: 'pl' },
  { text: 'how do you back up a small office', locale: 'en' },
];

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Waits until the process has used no CPU for half a second (the start's own work is over). */
async function settled(pid) {
  let last = cpuMs(pid);
  for (let tries = 0; tries < 40; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(pid);
    if (now === last) return;
    last = now;
  }
}

async function timed(site, request) {
  const cpu = cpuMs(site.pid);
  const started = performance.now();
  const response = await fetch(`${site.url}/ask`, request);
  if (response.status !== 200) throw new Error(`/ask answered ${response.status}`);
  await response.arrayBuffer();
  return { wall: performance.now() - started, cpu: cpuMs(site.pid) - cpu };
}

const ask = (question) => ({ method: 'POST', headers, body: JSON.stringify({ query: { text: question.text }, locale: question.locale }) });
const row = (label, { wall, cpu }) => ({ label, result: { requests: { average: 0 }, latency: { p50: Math.round(wall), p99: Math.round(wall) }, non2xx: 0, errors: 0, cpuMicrosPerRequest: cpu * 1000 } });

let measured = [];

export default async function run() {
  measured = [];
  const rows = [];
  for (let start = 1; start <= starts; start++) {
    const site = await startSite({ RATE_LIMIT_ASK: '100000', LOG_LEVEL: 'info' }, process.env.BENCH_SITE_ROOT);
    try {
      await settled(site.pid);
      await fetch(`${site.url}/ask`, { headers: { accept: 'application/json' } }).then((response) => response.arrayBuffer());
      await settled(site.pid);
      const first = await timed(site, ask(questions[0]));
      const next = await timed(site, ask(questions[1]));
      // The log is written in batches (every 500 ms): wait for the index's line.
      await new Promise((resolve) => setTimeout(resolve, 700));
      const prebuilt = site.output().includes('"askIndex":"prebuilt"');
      measured.push({ first, next, rss: rssMiB(site.pid), prebuilt });
      rows.push(row(`#${start} first question (${prebuilt ? "build's index" : 'index made now'})`, first), row(`#${start} the next question`, next));
    } finally {
      await site.stop();
    }
  }
  return rows;
}

export function summary() {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const siteRoot = process.env.BENCH_SITE_ROOT ?? root;
  let artefact = 'none';
  try {
    artefact = `${(statSync(join(siteRoot, 'dist/server/ask-index.bin')).size / 2 ** 20).toFixed(1)} MiB`;
  } catch {
    // A build without the file (the code before it): the first question makes the index.
  }
  return (
    `(p50/p99: wall ms of the one request; cpu: server CPU of it, µs, in steps of 10 ms.) Median of ${measured.length} starts: ` +
    `first question ${median(measured.map((each) => each.first.cpu))} ms CPU (${Math.round(median(measured.map((each) => each.first.wall)))} ms wall), ` +
    `the next ${median(measured.map((each) => each.next.cpu))} ms CPU; RSS after both ${median(measured.map((each) => each.rss)).toFixed(0)} MiB; ` +
    `dist/server/ask-index.bin ${artefact}, loaded ${measured.filter((each) => each.prebuilt).length}/${measured.length}`
  );
}
