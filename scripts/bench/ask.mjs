#!/usr/bin/env node
/**
 * /ask benchmark: requests per second and p99 latency of POST /ask against a bare node:http server
 * sending the same bytes, side by side, in the same run (autocannon, 50 connections):
 *   1. the shipped content, through the built Astro server (scripts/start.mjs, middleware included),
 *      plus two "Astro floor" runs on the same server that do no search (PUT → 405, POST of an empty
 *      question → 400), to show what the adapter and middleware cost by themselves;
 *   2. generated corpora of 1,000, 10,000 and 50,000 articles (the scale curve): index build time
 *      (wall and CPU), heap added, and the latency of the search alone, in process; and for 10,000
 *      articles the same pure index and answer code behind node:http (no Astro: the catalog would need
 *      10,000 Markdown files) under load, side by side with a bare server sending the same bytes.
 *
 * Alone, with the project's Node 24: `npm exec -- node scripts/bench/ask.mjs` (start.mjs builds when
 * no build fits). Within `npm run bench` (scripts/bench.mjs) as the module `ask`: the default export
 * takes { duration, connections } and returns the rows. BENCH_DURATION (s, default 5 alone) and
 * BENCH_CONNECTIONS (default 50) tune the runs; ASK_BENCH_SIZES (default 1000,10000,50000) the curve and
 * ASK_BENCH_DOCS (default 10000) the corpus served under load.
 */
import autocannon from 'autocannon';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadTs } from '../lib/load-ts.mjs';
import { startSite } from './_lib.mjs';

// The pure /ask modules, bundled for Node by scripts/lib/load-ts.mjs.
function loadPureModules() {
  return loadTs({
    exports: [
      "export { buildAskIndex } from './src/server/ask/engine.ts';",
      "export { documentsFromCatalog } from './src/server/ask/documents.ts';",
      "export { answerAsk } from './src/server/ask/answer.ts';",
      "export { AskRequest } from './src/server/schemas/ask.ts';",
    ],
  }, 'ask-pure');
}
const { buildAskIndex, documentsFromCatalog, answerAsk, AskRequest } = await loadPureModules();

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

function listen(handler) {
  return new Promise((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** A bare node:http server that answers every request with the given bytes. */
function bareServer(bytes, contentType) {
  return listen((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
      response.end(bytes);
    });
  });
}

/** One autocannon run; the load generator has its own thread so in-process servers keep the main loop. */
let runCount = 0;
async function load(url, request, { duration, connections }) {
  // Each run comes from its own client address (the site trusts one proxy hop here), so no run eats
  // into another's per-minute /ask limit.
  const headers = { ...request.headers, 'x-forwarded-for': `10.0.0.${++runCount}` };
  const result = await autocannon({ url, ...request, headers, connections, duration, workers: 1 });
  // Let the server finish what was in flight before the next run starts.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return result;
}

/** Latency of the search itself, in process, one question at a time (no HTTP, no queueing). */
function searchLatency(index, questions, rounds = 20) {
  const times = [];
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++) {
    for (const text of questions) {
      const started = performance.now();
      index.search({ text, locale: round % 2 ? 'en' : 'pl', limit: 5 });
      times.push(performance.now() - started);
    }
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const at = (share) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))] * 100) / 100;
  // CPU per search as well: on a shared machine wall times include waiting for a core.
  const cpuMeanMs = Math.round(((used.user + used.system) / 1000 / times.length) * 100) / 100;
  return { medianMs: at(0.5), p99Ms: at(0.99), cpuMeanMs, samples: times.length };
}

const questions = [
  'kopie zapasowe w chmurze dla fundacji', 'jak się z wami skontaktować', 'ile kosztuje strona internetowa', 'phishing',
  'password manager for a small team', 'book a call', 'dostepnosc wcag', 'automatyzacja formularzy rodo', 'site speed',
  'menedżer haseł', 'google workspace nonprofit', 'onboarding offboarding checklist',
];

const post = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

/** Our /ask and a bare server answering its exact bytes, one after the other. */
async function sideBySide(labels, url, body, options) {
  const probe = await fetch(url, post(body));
  if (!probe.ok) throw new Error(`POST ${url} answered ${probe.status}: ${await probe.text()}`);
  const bytes = Buffer.from(await probe.arrayBuffer());
  const bare = await bareServer(bytes, probe.headers.get('content-type'));
  try {
    await load(url, post(body), { ...options, duration: 1 }); // warm-up
    const ours = await load(url, post(body), options);
    const baseline = await load(`http://127.0.0.1:${bare.address().port}/ask`, post(body), options);
    return [
      { label: labels[0], result: ours },
      { label: labels[1], result: baseline },
    ];
  } finally {
    bare.close();
  }
}

// A deterministic generated corpus shaped like real text: a Zipf distribution (exponent 1) over
// 20,000 words, the site's topic words placed at ranks 200–5,000 (so a topic word sits in a few
// percent of the articles, as in a real archive) and the rest made-up words. Titles and tags lean on
// topic words. A tiny vocabulary would put every word in every article, which no real corpus does.
const topicWords = (
  'kopie zapasowe chmura dysk serwer fundacja stowarzyszenie firma strona internetowa dostępność wcag formularz ' +
  'automatyzacja rodo dane osobowe hasło menedżer uwierzytelnianie phishing poczta szkolenie pracownik wdrożenie ' +
  'darowizna płatność szybkość wydajność obraz kod aktualizacja licencja microsoft google workspace teams kalendarz ' +
  'backup cloud drive server charity nonprofit business website accessibility form automation privacy password ' +
  'manager authentication email training staff onboarding offboarding donation payment speed performance image ' +
  'update licence calendar security ransomware policy budget volunteer newsletter audit report checklist guide'
).split(' ');

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function zipfVocabulary(next, size = 20_000) {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'po', 'ra', 'si', 'tu', 'wy', 'ze', 'dro', 'gle', 'ban', 'tor', 'vel', 'qui', 'mar', 'sen'];
  const words = new Set();
  while (words.size < size) {
    const length = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join(''));
  }
  const vocabulary = [...words];
  topicWords.forEach((word, index) => vocabulary.splice(200 + Math.floor((index / topicWords.length) * 4800), 0, word));
  const cumulative = [];
  let sum = 0;
  for (let rank = 1; rank <= vocabulary.length; rank++) cumulative.push((sum += 1 / rank));
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low];
  };
}

export function generatedCatalog(count, siteUrl = 'http://localhost:4321') {
  const next = random(42);
  const word = zipfVocabulary(next);
  const topic = () => topicWords[Math.floor(next() * topicWords.length)];
  const words = (n, topical = 0) => Array.from({ length: n }, (_, index) => (index < topical ? topic() : word())).join(' ');
  const records = [];
  for (let index = 0; index < count; index++) {
    const locale = index % 2 ? 'en' : 'pl';
    const slug = `article-${index}`;
    const path = `${locale === 'pl' ? '' : '/en'}/${locale === 'pl' ? 'artykuly' : 'articles'}/${slug}/`;
    records.push({
      id: `article:${locale}:${slug}`, type: 'article', locale, slug, key: `k${index}`,
      title: words(7, 3), summary: words(25, 3), path, url: `${siteUrl}${path}`,
      markdownPath: `${path.slice(0, -1)}.md`, markdownUrl: `${siteUrl}${path.slice(0, -1)}.md`,
      body: words(300), tags: [topic(), topic()], prices: [],
    });
  }
  const site = (locale) => ({ locale, name: 'Bench', tagline: 'x', description: 'x', email: 'a@example.com', phone: '+48 1', address: 'x', nip: '1', hours: '9-17', languages: [] });
  return { records, site: { pl: site('pl'), en: site('en') }, pricing: {} };
}

/** Builds the index over `count` generated articles: build time (wall and CPU), heap added, search latency. */
function measureCorpus(count) {
  const catalog = generatedCatalog(count);
  gc();
  // Heap plus external memory: the postings are typed arrays, whose buffers live outside the JS heap.
  const memory = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const before = memory();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const index = buildAskIndex(documentsFromCatalog(catalog, 'http://localhost:4321'));
  const used = process.cpuUsage(cpu);
  const buildMs = Math.round(performance.now() - started);
  const buildCpuMs = Math.round((used.user + used.system) / 1000);
  gc();
  const heapMiB = Math.round(((memory() - before) / 2 ** 20) * 10) / 10;
  const latency = searchLatency(index, questions);
  return { index, documents: index.documents.length, buildMs, buildCpuMs, heapMiB, latency };
}

async function generatedCorpus(count, body, options) {
  const { index, documents, buildMs, buildCpuMs, heapMiB, latency } = measureCorpus(count);

  // The same steps as src/pages/ask.ts, minus Astro: parse, validate, answer, serialise.
  const server = await listen((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const parsed = AskRequest.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      const payload = parsed.success ? answerAsk(index, parsed.data) : { error: parsed.error.issues[0].message };
      const bytes = Buffer.from(JSON.stringify(payload));
      response.writeHead(parsed.success ? 200 : 400, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      response.end(bytes);
    });
  });
  try {
    const url = `http://127.0.0.1:${server.address().port}/ask`;
    const rows = await sideBySide([`${count / 1000}k articles: /ask on node:http`, `${count / 1000}k articles: bare, same bytes`], url, body, options);
    return { rows, documents, buildMs, buildCpuMs, heapMiB, latency };
  } finally {
    server.close();
  }
}

export const description = 'POST /ask (shipped content via Astro; 10k generated articles via node:http) vs bare node:http with the same bytes; index build and search at 1k/10k/50k articles';

/** The rows for scripts/bench.mjs; the index figures are printed as they are measured. */
export default async function run({ duration = 5, connections = 50 } = {}) {
  const options = { duration, connections };
  const body = JSON.stringify({ query: { text: 'kopie zapasowe w chmurze dla fundacji' }, locale: 'pl' });
  const rows = [];
  // The /ask rate limit out of the way; one trusted proxy hop so each run has its own client address.
  const site = await startSite({ RATE_LIMIT_ASK: '100000', TRUST_PROXY: '1' });
  try {
    rows.push(...(await sideBySide(['site POST /ask (shipped content)', 'bare node:http, same bytes'], `${site.url}/ask`, body, options)));
    // The Astro floor: same adapter, middleware and route, no search.
    rows.push({ label: 'site PUT /ask → 405 (no search)', result: await load(`${site.url}/ask`, { method: 'PUT' }, options) });
    rows.push({ label: 'site POST /ask → 400 (no search)', result: await load(`${site.url}/ask`, post('{"query":""}'), options) });
  } finally {
    await site.stop();
  }
  // The scale curve, in process (budget at 10k: build < 3 s, median < 2 ms, p99 < 10 ms, heap < 150 MB).
  const sizes = (process.env.ASK_BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number).filter(Boolean);
  console.log(`load average ${(await import('node:os')).loadavg()[0].toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores (wall times include waiting for a core)`);
  console.log('articles  documents  build wall ms  build CPU ms  memory +MiB  search median ms  p99 ms  CPU/search ms');
  for (const size of sizes) {
    const point = measureCorpus(size);
    console.log(
      `${String(size).padStart(8)}  ${String(point.documents).padStart(9)}  ${String(point.buildMs).padStart(13)}  ${String(point.buildCpuMs).padStart(12)}  ${String(point.heapMiB).padStart(11)}  ${String(point.latency.medianMs).padStart(16)}  ${String(point.latency.p99Ms).padStart(6)}  ${String(point.latency.cpuMeanMs).padStart(13)}`,
    );
  }
  const documents = Number(process.env.ASK_BENCH_DOCS ?? 10_000);
  const generated = await generatedCorpus(documents, body, options);
  rows.push(...generated.rows);
  const ratio = (a, b) => (rows[a].result.requests.average / rows[b].result.requests.average).toFixed(2);
  console.log(`ratio /ask ÷ bare: shipped content ${ratio(0, 1)}, ${documents} articles ${ratio(4, 5)}`);
  console.log(`index of ${generated.documents} documents (served): built in ${generated.buildMs} ms (CPU ${generated.buildCpuMs} ms), memory +${generated.heapMiB} MiB`);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = { duration: Number(process.env.BENCH_DURATION ?? 5), connections: Number(process.env.BENCH_CONNECTIONS ?? 50) };
  console.log(`POST /ask, ${options.connections} connections, ${options.duration} s per run`);
  const rows = await run(options);
  for (const { label, result } of rows) {
    console.log(
      `${label.padEnd(36)} ${String(Math.round(result.requests.average)).padStart(8)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
    );
  }
}
