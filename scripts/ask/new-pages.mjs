#!/usr/bin/env node
/**
 * How /ask finds pages published today: the articles of tests/fixtures/ask-new-pages/ (written for
 * this measurement, never published, with no example questions) are added to a copy of content/, the
 * index is built as the server builds it (every shipped page keeps its examples), and the questions a
 * writer who saw only each article's topic wrote about them are asked. Prints top-1, MRR@5 and how
 * many of the right answers are confident (what the search box and `articles_recommend` show), per
 * article and overall; `--misses` lists what came first instead.
 *
 *   npm run ask:new-pages [-- --misses] [-- --json FILE]
 * ASK_TUNING='{…}' measures other ranking parameters, as relevance.mjs does.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../bench/_lib.mjs';
import { loadTs } from '../lib/load-ts.mjs';
import { loadExamples, loadOffTopicExamples, loadPureModules } from './relevance.mjs';

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const tuning = process.env.ASK_TUNING ? JSON.parse(process.env.ASK_TUNING) : {};
const fixtures = join(root, 'tests/fixtures/ask-new-pages');
const { cases } = JSON.parse(readFileSync(join(fixtures, 'questions.json'), 'utf8'));

const { buildAskIndex, CONFIDENT, documentsFromCatalog, withExampleQuestions } = await loadPureModules('ask-new-pages');

// The shipped content with the new articles beside the others, read by the site's own catalog.
const content = mkdtempSync(join(tmpdir(), 'ask-new-pages-'));
let documents;
try {
  cpSync(join(root, 'content'), content, { recursive: true });
  for (const locale of ['pl', 'en']) cpSync(join(fixtures, locale), join(content, 'articles', locale), { recursive: true });
  const { catalogFromFiles } = await loadTs('src/server/catalog/from-files.ts', 'content-catalog');
  const { questions: _questions, ...catalog } = await catalogFromFiles(content, { siteUrl: 'http://localhost:4321' });
  documents = documentsFromCatalog(catalog, 'http://localhost:4321');
} finally {
  rmSync(content, { recursive: true, force: true });
}

const index = buildAskIndex({ documents: withExampleQuestions(documents, await loadExamples()), offTopic: await loadOffTopicExamples() }, tuning);

const isNewPage = (document, key) => document.type === 'article' && document.key === key;
const perPage = new Map();
const misses = [];
for (const item of cases) {
  const results = index.search({ text: item.query, locale: item.locale, limit: 5 }).results;
  const rank = results.findIndex((result) => isNewPage(result.document, item.expected)) + 1;
  const confident = rank === 1 && (results[0]?.confidence ?? 0) >= CONFIDENT;
  const page = perPage.get(item.expected) ?? { asked: 0, right: 0, confident: 0, reciprocal: 0 };
  page.asked++;
  if (rank === 1) page.right++;
  if (confident) page.confident++;
  if (rank) page.reciprocal += 1 / rank;
  perPage.set(item.expected, page);
  if (rank !== 1) misses.push({ ...item, rank, first: results[0]?.document.id ?? '(nothing)', confidence: results[0]?.confidence ?? 0 });
}

const total = [...perPage.values()].reduce((sum, page) => ({ asked: sum.asked + page.asked, right: sum.right + page.right, confident: sum.confident + page.confident, reciprocal: sum.reciprocal + page.reciprocal }), { asked: 0, right: 0, confident: 0, reciprocal: 0 });
const line = (name, page) => `${name}: ${page.asked} questions, top-1 ${(page.right / page.asked).toFixed(3)}, MRR@5 ${(page.reciprocal / page.asked).toFixed(3)}, first and confident ${page.confident}/${page.asked}`;
console.log(line('new pages', total));
for (const [name, page] of perPage) console.log(`  ${line(name, page)}`);
if (process.argv.includes('--misses')) {
  for (const miss of misses) console.log(`  [${miss.locale}] ${miss.query}\n      → ${miss.first} (${miss.confidence.toFixed(2)}), the new page ${miss.rank ? `#${miss.rank}` : 'not in the top 5'}`);
}
if (option('--json')) writeFileSync(option('--json'), `${JSON.stringify({ total, pages: Object.fromEntries(perPage), misses, tuning }, null, 2)}\n`);
