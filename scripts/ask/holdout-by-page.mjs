#!/usr/bin/env node
/**
 * How /ask finds a page nobody wrote example questions for: hold-out by page. For each page (a
 * resource in both languages: an article and its translation are one page), its own example questions
 * are taken out, the index is rebuilt from the rest (every other page's examples and the off-topic
 * ones), and its examples are asked of it; the figure is top-1 per page and overall (per question, and
 * the mean of the pages'), and, asked of the same rebuilt indexes, the unseen questions
 * (tests/fixtures/ask-relevance.json) of the pages that keep their examples: what a page without
 * examples costs the others. The catalog and the examples are read as relevance.mjs reads them.
 *
 *   npm exec -- node scripts/ask/holdout-by-page.mjs [--folds K] [--sample N] [--pages] [--json FILE]
 * - default: one rebuild per page (leave one page out; minutes on a shared machine);
 * - `--folds K`: the pages dealt into K groups by their order of id (page i to group i mod K), one
 *   rebuild per group: a page is asked of an index that also lacks the examples of the group's other
 *   pages, a slightly harder test, K rebuilds instead of one per page (for comparing candidates);
 * - `--sample N`: every ⌈pages/N⌉-th page only (by id, deterministic);
 * - `--pages`: every page's top-1, worst first; `--json FILE` writes the figures and the pages.
 * - `--others-every N`: the other pages' unseen questions, every N-th only (quicker comparisons).
 * ASK_TUNING='{…}' measures other ranking parameters (engine.ts `defaultRanking`), as relevance.mjs does;
 * `--tunings FILE` (a JSON object: name → tuning, over ASK_TUNING) measures several on the same rebuilt
 * indexes (one rebuild per group for all of them; tunings that change the stemmer or the transfer
 * need runs of their own).
 */
import { writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { loadTs } from '../lib/load-ts.mjs';
import { contentCatalog, loadCases, loadExamples, loadOffTopicExamples, loadPureModules } from './relevance.mjs';

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const tuning = process.env.ASK_TUNING ? JSON.parse(process.env.ASK_TUNING) : {};

const { CONFIDENT, documentsFromCatalog, withExampleQuestions } = await loadPureModules('ask-holdout-by-page');
const { askIndexOver, buildCorpus, defaultRanking } = await loadTs(
  { exports: ["export { askIndexOver, defaultRanking } from './src/server/ask/engine.ts';", "export { buildCorpus } from './src/server/ask/corpus.ts';"] },
  'ask-holdout-corpus',
);
const tunings = option('--tunings')
  ? Object.fromEntries(Object.entries(JSON.parse(readFileSync(option('--tunings'), 'utf8'))).map(([name, extra]) => [name, { ...tuning, ...extra }]))
  : { '': tuning };
const othersEvery = Number(option('--others-every') ?? 1);
const documents = documentsFromCatalog(await contentCatalog(), 'http://localhost:4321');
const examples = await loadExamples();
const offTopic = await loadOffTopicExamples();

// A page is a resource in both languages: its translation's examples go with it, or the translation
// would find it (a foreign hit is swapped for its translation).
const byId = new Map(documents.map((document) => [document.id, document]));
const pageOf = (id) => {
  const document = byId.get(id);
  return document ? `${document.type}|${document.key}` : id;
};
const questionsOf = new Map();
for (const example of examples) {
  const page = pageOf(example.expected);
  if (!questionsOf.has(page)) questionsOf.set(page, []);
  questionsOf.get(page).push(example);
}
let pages = [...questionsOf.keys()].sort();
const sample = Number(option('--sample') ?? 0);
if (sample && sample < pages.length) {
  const step = Math.ceil(pages.length / sample);
  pages = pages.filter((_, at) => at % step === 0);
}
const folds = Number(option('--folds') ?? pages.length);
const groups = Array.from({ length: Math.min(folds, pages.length) }, (_, group) => pages.filter((_, at) => at % folds === group));

// What a page without examples costs the others: the unseen questions (tests/fixtures/ask-relevance.json)
// of the pages that keep theirs, asked of each rebuilt index.
const unseen = loadCases().filter((_, at) => at % othersEvery === 0);
const runs = Object.fromEntries(Object.keys(tunings).map((name) => [name, { perPage: [], othersAsked: 0, othersRight: 0 }]));

const started = performance.now();
for (const group of groups) {
  const held = new Set(group);
  const sources = { documents: withExampleQuestions(documents, examples.filter((example) => !held.has(pageOf(example.expected)))), offTopic };
  const corpus = buildCorpus(sources, tuning.stemmer ?? defaultRanking.stemmer, tuning.transfer ?? defaultRanking.transfer);
  for (const [name, tuned] of Object.entries(tunings)) {
    const run = runs[name];
    const index = askIndexOver(corpus, tuned);
    for (const item of unseen) {
      if (held.has(pageOf(item.expected))) continue;
      run.othersAsked++;
      if (index.search({ text: item.query, locale: item.locale, limit: 1 }).results[0]?.document.id === item.expected) run.othersRight++;
    }
    for (const page of group) {
      let right = 0;
      let rightConfident = 0;
      let confident = 0;
      let reciprocal = 0;
      for (const example of questionsOf.get(page)) {
        const results = index.search({ text: example.query, locale: example.locale, limit: 5 }).results;
        const rank = results.findIndex((result) => result.document.id === example.expected) + 1;
        const sure = (results[0]?.confidence ?? 0) >= CONFIDENT;
        if (rank === 1) right++;
        if (sure) confident++;
        if (rank === 1 && sure) rightConfident++;
        if (rank) reciprocal += 1 / rank;
      }
      const count = questionsOf.get(page).length;
      run.perPage.push({ page, count, top1: right / count, mrr5: reciprocal / count, right, confident, rightConfident });
    }
  }
}
const seconds = (performance.now() - started) / 1000;

const results = {};
for (const [name, { perPage, othersAsked, othersRight }] of Object.entries(runs)) {
  const questions = perPage.reduce((sum, page) => sum + page.count, 0);
  const sum = (key) => perPage.reduce((total, page) => total + page[key], 0);
  const figures = {
    mode: groups.length === pages.length ? 'leave one page out' : `${groups.length} groups of pages`,
    pages: perPage.length,
    questions,
    top1: sum('right') / questions,
    mrr5: perPage.reduce((total, page) => total + page.mrr5 * page.count, 0) / questions,
    meanPageTop1: perPage.reduce((total, page) => total + page.top1, 0) / perPage.length,
    pagesAt85: perPage.filter((page) => page.top1 >= 0.85).length,
    rightConfident: sum('rightConfident'),
    confident: sum('confident'),
    othersUnseenTop1: othersRight / othersAsked,
    othersAsked,
    seconds,
  };
  results[name] = { figures, tuning: tunings[name], pages: perPage };
  console.log(
    `${name ? `${name}: ` : ''}hold-out by page (${figures.mode}${sample ? `, sample of ${perPage.length}` : ''}): ${figures.pages} pages, ${questions} questions: ` +
      `top-1 ${figures.top1.toFixed(3)}, MRR@5 ${figures.mrr5.toFixed(3)}, mean of the pages' top-1 ${figures.meanPageTop1.toFixed(3)}, ` +
      `pages at 0.85 or more ${figures.pagesAt85}/${figures.pages}, right & confident ${figures.rightConfident}/${sum('right')}, ` +
      `confident right ${figures.rightConfident}/${figures.confident}; the other pages' unseen questions meanwhile: top-1 ${figures.othersUnseenTop1.toFixed(3)} ` +
      `of ${othersAsked} (${seconds.toFixed(0)} s)`,
  );
  if (process.argv.includes('--pages')) {
    for (const page of [...perPage].sort((x, y) => x.top1 - y.top1 || x.page.localeCompare(y.page))) {
      console.log(`  ${page.top1.toFixed(3)}  ${String(page.right).padStart(3)}/${String(page.count).padEnd(3)} ${page.page}`);
    }
  }
}
if (option('--json')) {
  const written = option('--tunings') ? results : results[''];
  writeFileSync(option('--json'), `${JSON.stringify(written, null, 2)}\n`);
}
