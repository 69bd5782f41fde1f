#!/usr/bin/env node
// Lighthouse audit (npm run audit): starts the built server (scripts/start.mjs) on a free loopback
// port, audits home, an article, a case study, pricing and contact in both languages with Lighthouse's default
// mobile configuration in Debian's Chromium, and prints the four scores per page: the median of
// AUDIT_RUNS runs (default 3, as Lighthouse CI does; one run is noisy on a busy 2-core machine). Exit
// code 1 when a median is under 100, so CI can use it; not part of `npm test` (it takes minutes).
// It raises its own, the server's and Chromium's CPU priority when permitted (see lib/priority.mjs)
// and prints the load average, as the scores on a busy machine depend on both.
import { readdirSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltSite } from './lib/built-site.mjs';
import { raiseNice, raiseSession, restoreSession, sessionNice } from './lib/priority.mjs';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The first entry (article, case study) under a section, found in the build the site serves (no need to know the content). */
function firstEntry(segment) {
  const directory = join(site.buildDir, 'client', segment);
  if (!existsSync(directory)) return undefined;
  const slug = readdirSync(directory, { withFileTypes: true }).find((entry) => entry.isDirectory() && !['tag', 'strona', 'page'].includes(entry.name))?.name;
  return slug && `/${segment}/${slug}/`;
}

const loadAverage = () => loadavg().map((load) => load.toFixed(1)).join(' ');
const loadAtStart = loadAverage();
console.log(`load average (1, 5, 15 min): ${loadAtStart}`);

const site = await startBuiltSite();

const base = site.url;
const pages = [
  ['home pl', '/'], ['home en', '/en/'],
  ['article pl', firstEntry('artykuly')], ['article en', firstEntry('en/articles')],
  ['case pl', firstEntry('realizacje')], ['case en', firstEntry('en/case-studies')],
  ['pricing pl', '/cennik/'], ['pricing en', '/en/pricing/'],
  ['contact pl', '/kontakt/'], ['contact en', '/en/contact/'],
].filter(([, path]) => path);

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
// Chromium sets the nice value of each of its threads itself (0; -8 for display threads; 5 for a
// renderer in the background), so only the share of its session (it starts one of its own) is raised;
// the server shares the audit's session.
const ownSession = sessionNice(process.pid);
process.on('exit', () => restoreSession(process.pid, ownSession));
const refused = [...raiseNice(process.pid), ...raiseNice(site.pid), ...raiseSession(process.pid), ...raiseSession(chrome.pid)];
console.log(refused.length === 0
  ? `priority raised: nice -19 for the audit (PID ${process.pid}) and the server (PID ${site.pid}), their session's and Chromium's (PID ${chrome.pid}) CPU share`
  : `priority not raised: ${[...new Set(refused)].join(', ')}; the scores include the time other processes took the CPU`);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const runs = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
let failed = false;
try {
  for (const [name, path] of pages) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const { lhr } = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
      results.push({ lhr, scores: categories.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)) });
    }
    const scores = categories.map((_, index) => median(results.map((result) => result.scores[index])));
    rows.push({ name, path, scores, all: results.map((result) => result.scores[0]), benchmark: median(results.map((result) => Math.round(result.lhr.environment.benchmarkIndex))) });
    if (scores.some((score) => score < 100)) {
      failed = true;
      // Explain with the run closest to the median performance.
      const { lhr } = results.find((result) => result.scores[0] === scores[0]) ?? results[0];
      const problems = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode));
      for (const audit of problems) console.error(`  ${name}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''} ${audit.title}`);
    }
  }
} finally {
  chrome.kill();
  site.stop();
}

const pad = (text, width) => String(text).padEnd(width);
// Lighthouse's CPU benchmark of the machine during the runs: performance is scored against a
// throttled phone, so a busy machine (a lower index) loses points the page did not cause.
console.log(`\nmedian of ${runs} run(s) per page, Lighthouse mobile\n${pad('page', 12)}${pad('path', 44)}perf  a11y  best  seo   (perf of each run)  CPU benchmark`);
for (const { name, path, scores, all, benchmark } of rows) console.log(`${pad(name, 12)}${pad(path, 44)}${scores.map((score) => pad(score, 6)).join('')}${pad(`(${all.join(', ')})`, 20)}${benchmark}`);
console.log(`load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`);
process.exit(failed ? 1 : 0);
