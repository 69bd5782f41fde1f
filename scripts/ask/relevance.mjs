#!/usr/bin/env node
/**
 * /ask relevance on the shipped content without building the site: reads content/ through the site's
 * own catalog (src/server/catalog/from-files.ts) and the example questions (content/questions/), builds
 * the same documents and index as the server, and prints top-1 and MRR@5 of
 * - the example questions (content/questions/), cross-validated: each half is asked of an index
 *   holding the other half's examples only. The figure to tune on; their misses are readable.
 * - the holdout (tests/fixtures/ask-relevance.json), asked of the index with every example: the figure
 *   that says how /ask does on questions it has never seen.
 * The figures that count come from tests/slow/ask-relevance.test.ts, which asks the built server.
 *
 *   npm exec -- node scripts/ask/relevance.mjs [--misses] [--split examples|holdout|blind|all] [--stemmer NAME] [--tune] [--no-off-topic]
 *   npm exec -- node scripts/ask/relevance.mjs --typos   (the examples with generated typos: one, then two per question)
 *   ASK_TUNING='{"boost":{"title":6},...}' overrides ranking parameters (see engine.ts `defaultRanking`).
 * `--misses` lists the examples' misses (the holdout's only with `--split holdout`: whoever tunes
 * does not read them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../bench/_lib.mjs';
import { loadTs } from '../lib/load-ts.mjs';

export function loadPureModules(name = 'ask-pure') {
  return loadTs({
    exports: [
      "export { buildAskIndex, CONFIDENT, defaultRanking } from './src/server/ask/engine.ts';",
      "export { documentsFromCatalog, withExampleQuestions } from './src/server/ask/documents.ts';",
      "export { answerAsk } from './src/server/ask/answer.ts';",
      "export { AskRequest } from './src/server/schemas/ask.ts';",
    ],
  }, name);
}

/**
 * The catalog of content/ as the site builds it, without a build (src/server/catalog/from-files.ts),
 * less its example questions: each measurement indexes the ones it chooses (`withExampleQuestions`).
 */
export async function contentCatalog(siteUrl = 'http://localhost:4321') {
  const { catalogFromFiles } = await loadTs('src/server/catalog/from-files.ts', 'content-catalog');
  const { questions: _questions, ...catalog } = await catalogFromFiles(join(root, 'content'), { siteUrl });
  return catalog;
}

/** The relevance set: questions /ask has never seen (tests/fixtures/ask-relevance.json). */
export function loadCases() {
  return JSON.parse(readFileSync(join(root, 'tests/fixtures/ask-relevance.json'), 'utf8')).cases;
}

/** The example questions /ask indexes with their pages (content/questions/, through the server's own reader). */
export async function loadExamples() {
  return (await loadAllExamples()).filter((item) => !item.expected.startsWith('off-topic:'));
}

/** The example questions no page answers (content/questions/<locale>/off-topic.yaml): indexed, voting for nothing, never measured as a page. */
export async function loadOffTopicExamples() {
  return (await loadAllExamples()).filter((item) => item.expected.startsWith('off-topic:')).map((item) => item.query);
}

/** The off-topic examples an index of a cross-validation fold holds (the other fold's half); all of them for the served index (no fold). */
export const offTopicOfFold = (offTopic, fold) => (fold === undefined ? offTopic : offTopic.filter((_, at) => at % 2 !== fold));

async function loadAllExamples() {
  const { loadExampleQuestions } = await loadTs('src/server/ask/example-questions.ts', 'example-questions');
  return loadExampleQuestions(join(root, 'content'));
}

/** The blind sets, each judged once (tests/fixtures/ask-blind*.json), then development sets of the rounds that follow: by file name. */
export function loadBlindSets() {
  const folder = join(root, 'tests/fixtures');
  return readdirSync(folder)
    .filter((file) => /^ask-blind(-[a-z0-9]+)?\.json$/.test(file))
    .map((file) => ({ name: file.replace(/\.json$/, ''), ...JSON.parse(readFileSync(join(folder, file), 'utf8')) }))
    .sort((x, y) => x.name.localeCompare(y.name, 'en', { numeric: true }));
}

/** Off-topic questions the site does not answer: the judge set and the calibration's fitting set. */
export function loadOffTopicSets() {
  const read = (path) => JSON.parse(readFileSync(join(root, path), 'utf8')).questions;
  return { judge: read('tests/fixtures/ask-off-topic.json'), calibration: read('scripts/ask/off-topic-calibration.json') };
}

/**
 * top-1 and MRR@5 of the example questions (or of questions drawn from them by `asked`, such as their
 * typo'd forms) with two-fold cross-validation: each fold (every second question per locale) is asked
 * of an index that holds the other fold's examples only, so no question is found by its own copy.
 */
export function crossValidated(indexWith, examples, asked = (items) => items) {
  const foldOf = new Map();
  const seen = { pl: 0, en: 0 };
  examples.forEach((item) => foldOf.set(item, seen[item.locale]++ % 2));
  const results = [0, 1].map((fold) => {
    const index = indexWith(examples.filter((item) => foldOf.get(item) !== fold), fold);
    return evaluate(rankedBy(index), asked(examples.filter((item) => foldOf.get(item) === fold)));
  });
  const count = results[0].count + results[1].count;
  const weighted = (key) => (results[0][key] * results[0].count + results[1][key] * results[1].count) / count;
  const sum = (key) => results[0][key] + results[1][key];
  return { count, top1: weighted('top1'), mrr5: weighted('mrr5'), right: sum('right'), confident: sum('confident'), rightConfident: sum('rightConfident'), misses: [...results[0].misses, ...results[1].misses] };
}

/** The question with one typo in its longest word: the n-th of four kinds, at a position set by n. */
export function withTypo(question, n) {
  const words = question.split(' ');
  const longest = words.reduce((best, word, at) => (word.length > words[best].length ? at : best), 0);
  words[longest] = typoIn(words[longest], n);
  return words.join(' ');
}

// Neighbouring keys on a QWERTY keyboard (a phone's too), for typos of the slipped-finger kind.
const keyboardRows = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const neighbourOf = (letter) => {
  const row = keyboardRows.find((keys) => keys.includes(letter));
  if (!row) return letter === 'e' ? 'a' : 'e';
  const at = row.indexOf(letter);
  return row[at + 1] ?? row[at - 1];
};

/** One typo in a word of 5+ letters: a swap, a dropped, doubled or neighbouring-key letter (the n-th kind). */
function typoIn(word, n) {
  if (word.length < 5) return word;
  const at = 1 + (n * 7) % (word.length - 3);
  const kinds = [
    () => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2),
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + word[at] + word.slice(at),
    () => word.slice(0, at) + neighbourOf(word[at].toLowerCase()) + word.slice(at + 1),
  ];
  return kinds[n % 4]();
}

/** The question with a typo in each of two of its words of 5+ letters (chosen by n), as people type on a phone. */
export function withTwoTypos(question, n) {
  const words = question.split(' ');
  const long = words.flatMap((word, at) => (word.replace(/\P{L}/gu, '').length >= 5 ? [at] : []));
  for (const [step, pick] of [[0, n], [1, n * 3 + 1]].slice(0, Math.min(2, long.length))) {
    const at = long[(pick + step) % long.length];
    words[at] = typoIn(words[at], n + step);
  }
  return words.join(' ');
}

/** A case's ranked results from an index (the first 20): ids and confidences. */
const rankedBy = (index) => (item) => index.search({ text: item.query, locale: item.locale, limit: 20 }).results.map((result) => ({ id: result.document.id, confidence: result.confidence }));

const CONFIDENT = 0.5;

/** top-1 and MRR@5 of a search function over cases, and how many first answers are right, confident, both. */
export function evaluate(search, cases) {
  let top1 = 0;
  let reciprocal = 0;
  let confident = 0;
  let rightConfident = 0;
  const misses = [];
  for (const item of cases) {
    const results = search(item);
    const ids = results.map((result) => result.id);
    const rank = ids.indexOf(item.expected) + 1;
    const sure = (results[0]?.confidence ?? 0) >= CONFIDENT;
    if (sure) confident++;
    if (rank === 1) top1++;
    if (rank === 1 && sure) rightConfident++;
    if (rank >= 1 && rank <= 5) reciprocal += 1 / rank;
    if (rank !== 1) misses.push({ ...item, rank, got: ids.slice(0, 3) });
  }
  return { count: cases.length, top1: top1 / cases.length, mrr5: reciprocal / cases.length, right: top1, confident, rightConfident, misses };
}

/** How many questions get no confident answer (off-topic questions: the more the better). */
export function unsureOf(index, questions) {
  return questions.filter((item) => (index.search({ text: item.query, locale: item.locale, limit: 1 }).results[0]?.confidence ?? 0) < CONFIDENT).length;
}

/** One line of figures: top-1, MRR@5, right first answers that are confident, confident first answers that are right. */
const describe = (name, result) =>
  `${name} ${result.count} questions: top-1 ${result.top1.toFixed(3)}, MRR@5 ${result.mrr5.toFixed(3)}, ` +
  `right & confident ${result.rightConfident}/${result.right} (${(result.rightConfident / result.right).toFixed(3)}), ` +
  `confident right ${result.rightConfident}/${result.confident} (${(result.rightConfident / result.confident).toFixed(3)})`;

/**
 * Coordinate search over the ranking parameters (`resultOf(ranking)`: top-1 and MRR@5 of the example
 * questions, cross-validated): each parameter in turn tries the values of its grid and keeps the best
 * (top-1 + MRR@5, ties to the current value), three passes.
 */
function tune(resultOf, defaultRanking) {
  const grid = {
    'boost.title': [2, 3, 4, 6, 8, 10, 14], 'boost.keywords': [1, 2, 3, 5, 7, 10], 'boost.tags': [1, 2, 3, 4, 6],
    'boost.summary': [1, 1.5, 2, 3, 4], 'boost.body': [0.5, 1, 1.5], 'boost.questions': [0.25, 0.5, 1, 2, 4], 'bm25.k': [0.6, 0.9, 1.2, 1.6, 2.2, 3, 5, 8],
    'bm25.b': [0.3, 0.5, 0.7, 0.85, 1], 'bm25.d': [0, 0.25, 0.5, 1], synonymWeight: [0.1, 0.2, 0.3, 0.4, 0.6, 0.8], serviceBoost: [1, 1.25, 1.5, 2, 3],
  };
  const current = structuredClone(defaultRanking);
  const get = (object, path) => path.split('.').reduce((value, key) => value[key], object);
  const set = (object, path, value) => {
    const keys = path.split('.');
    keys.slice(0, -1).reduce((value, key) => value[key], object)[keys.at(-1)] = value;
  };
  const score = (ranking) => {
    const result = resultOf(ranking);
    return result.top1 + result.mrr5;
  };
  let best = score(current);
  for (let pass = 0; pass < 3; pass++) {
    let changed = false;
    for (const [path, values] of Object.entries(grid)) {
      for (const value of values) {
        if (value === get(current, path)) continue;
        const candidate = structuredClone(current);
        set(candidate, path, value);
        const value_ = score(candidate);
        if (value_ > best + 1e-9) { best = value_; set(current, path, value); changed = true; }
      }
    }
    if (!changed) break;
  }
  return current;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { buildAskIndex, documentsFromCatalog, withExampleQuestions, defaultRanking } = await loadPureModules('ask-relevance');
  const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  let tuning = process.env.ASK_TUNING ? JSON.parse(process.env.ASK_TUNING) : {};
  if (option('--stemmer')) tuning.stemmer = option('--stemmer');
  const documents = documentsFromCatalog(await contentCatalog(), 'http://localhost:4321');
  const examples = await loadExamples();
  // The off-topic examples are never asked as pages' questions. A fold's index holds half of them, as
  // it holds half the pages' examples: the two in the proportion a visitor's question meets.
  const offTopic = process.argv.includes('--no-off-topic') ? [] : await loadOffTopicExamples();
  const build = (ranking, indexed = examples, fold) =>
    buildAskIndex({ documents: withExampleQuestions(documents, indexed), offTopic: offTopicOfFold(offTopic, fold) }, ranking);
  if (process.argv.includes('--typos')) {
    // Typo robustness: each example question with one typo in its longest word (a swap, a dropped,
    // doubled or neighbouring-key letter, in turn; deterministic), then two, against the same questions
    // as written; cross-validated, so no question is found by its own copy.
    const asWritten = (items) => items.filter((item) => item.kind !== 'typo');
    const typoed = (items) => asWritten(items).map((item, at) => ({ ...item, query: withTypo(item.query, at) }));
    const twoTypos = (items) => asWritten(items).map((item, at) => ({ ...item, query: withTwoTypos(item.query, at) }));
    for (const [name, asked] of [['as written', asWritten], ['one typo', typoed], ['two typos', twoTypos]]) {
      const result = crossValidated((indexed, fold) => build(tuning, indexed, fold), examples, asked);
      console.log(`${name.padEnd(10)} ${result.count} questions: top-1 ${result.top1.toFixed(3)}, MRR@5 ${result.mrr5.toFixed(3)}`);
    }
    process.exit(0);
  }
  if (process.argv.includes('--tune')) {
    tuning = tune((ranking) => crossValidated((indexed, fold) => build(ranking, indexed, fold), examples), { ...defaultRanking, ...tuning });
    console.log(`tuned on the example questions (cross-validated): ${JSON.stringify(tuning)}`);
  }
  const started = performance.now();
  const index = build(tuning);
  const built = performance.now() - started;
  const split = option('--split') ?? 'all';
  if (split !== 'holdout') {
    const result = crossValidated((indexed, fold) => build(tuning, indexed, fold), examples);
    console.log(describe('examples, cross-validated,', result));
    if (process.argv.includes('--misses')) printMisses(result);
  }
  if (split !== 'examples') {
    const result = evaluate(rankedBy(index), loadCases());
    console.log(describe('holdout ', result));
    // The holdout's misses only when asked for by name (--split holdout): reading them is tuning on them.
    if (process.argv.includes('--misses') && split === 'holdout') printMisses(result);
    // The blind sets judged once are development sets now: their totals, and their misses by name (--split blind).
    const blindSets = loadBlindSets();
    for (const blind of blindSets) {
      const result = evaluate(rankedBy(index), blind.cases);
      console.log(describe(`${blind.name} (dev)`, result));
      if (process.argv.includes('--misses') && split === 'blind') printMisses(result);
    }
    const sets = loadOffTopicSets();
    for (const [name, questions] of [...blindSets.map((blind) => [`${blind.name} (dev)`, blind.offTopic]), ['judge (ask-off-topic.json)', sets.judge], ['calibration (fitted on)', sets.calibration]]) {
      const unsure = unsureOf(index, questions);
      console.log(`off-topic, ${name}: no confident answer ${unsure}/${questions.length} (${(unsure / questions.length).toFixed(3)})`);
    }
  }
  console.log(`(index of ${index.documents.length} documents, ${examples.length} example questions and ${offTopic.length} off-topic ones built in ${built.toFixed(0)} ms)`);
}

function printMisses(result) {
  for (const miss of result.misses) console.log(`  [${miss.locale}] ${miss.query} → ${miss.expected} at ${miss.rank || '-'}; got ${miss.got.join(', ')}`);
}
