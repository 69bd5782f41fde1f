#!/usr/bin/env node
/**
 * Fits /ask's confidence (engine.ts `Ranking.calibration`) and prints what it measures.
 *
 * The confidence should read as a probability that a result is the right answer, so that "confident"
 * (≥ CONFIDENT, 0.5) means right far more often than not and an off-topic question gets no confident
 * answer. It is a logistic regression of "the first result is the expected page" on the first result's evidence (engine.ts `Evidence`): its raw score (coverage × closeness),
 * the share of the question the site's texts know, its share of the nearest example questions'
 * votes, and the share of those votes that went to no page (the off-topic example questions). Fitted on
 * - the example questions (content/questions/), cross-validated as in relevance.mjs: each half is
 *   asked of an index holding the other half, so each question is one /ask has not seen;
 * - off-topic questions (scripts/ask/off-topic-calibration.json) as wrong answers, asked of the index
 *   with every example (as served), each weighing OFF_TOPIC_WEIGHT example questions.
 * The figures that judge the fit are other questions: the unseen set (tests/fixtures/ask-relevance.json)
 * and the off-topic set of tests/fixtures/ask-off-topic.json, both asked of the built server by
 * tests/slow/ask-relevance.test.ts.
 *
 *   npm exec -- node scripts/ask/calibrate.mjs
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../bench/_lib.mjs';
import { contentCatalog, loadExamples, loadOffTopicExamples, loadPureModules, offTopicOfFold } from './relevance.mjs';

/**
 * An off-topic question weighs as many example questions (120 of them against 2,700 examples): the
 * cost of a confident wrong answer against an unsure right one. 15 keeps the examples' right answers
 * confident above 0.92 while the off-topic questions held out of the fit go unanswered above 0.9
 * (10: 0.94 and 0.88; 20: 0.90 and 0.93).
 */
const OFF_TOPIC_WEIGHT = 15;

const { buildAskIndex, CONFIDENT, documentsFromCatalog, withExampleQuestions, defaultRanking } = await loadPureModules('ask-calibrate');
const documents = documentsFromCatalog(await contentCatalog(), 'http://localhost:4321');
const examples = await loadExamples();
// The off-topic example questions (content/questions/<locale>/off-topic.yaml): a fold's index holds half
// of them, as it holds half the pages' examples; the served index all.
const offTopicExamples = await loadOffTopicExamples();
const indexWith = (indexed, fold) => buildAskIndex({ documents: withExampleQuestions(documents, indexed), offTopic: offTopicOfFold(offTopicExamples, fold) });
const offTopic = JSON.parse(readFileSync(join(root, 'scripts/ask/off-topic-calibration.json'), 'utf8')).questions;

// The first result's evidence (engine.ts `Evidence`), whatever the calibration in use.
// ASK_FEATURES=raw,known,votes fits without a feature, to see what it adds.
const features = (process.env.ASK_FEATURES ?? 'raw,known,votes,offTopic').split(',');
const figuresOf = (index, question) => {
  const answer = index.search({ text: question.query, locale: question.locale, limit: 1 });
  const first = answer.results[0];
  return { x: features.map((name) => (first ? first.evidence[name] : name === 'known' ? answer.known : 0)), id: first?.document.id };
};

const rows = [];
const foldOf = new Map();
const seen = { pl: 0, en: 0 };
examples.forEach((item) => foldOf.set(item, seen[item.locale]++ % 2));
for (const fold of [0, 1]) {
  const index = indexWith(examples.filter((item) => foldOf.get(item) !== fold), fold);
  for (const item of examples.filter((question) => foldOf.get(question) === fold)) {
    const figures = figuresOf(index, item);
    rows.push({ ...figures, kind: figures.id === item.expected ? 'right' : 'wrong', weight: 1 });
  }
}
// The off-topic questions are asked of the index as served, with every example: asked of half of them
// they meet fewer and weaker neighbours than a visitor's question does, and the fit would trust the
// votes too much (off-topic questions held out of the fit: 0.86 unsure that way, 0.91 this way).
const served = indexWith(examples);
for (const item of offTopic) rows.push({ ...figuresOf(served, item), kind: 'off-topic', weight: OFF_TOPIC_WEIGHT });

// Logistic regression by gradient descent on (1, ...features): a few thousand steps converge.
const sigmoid = (z) => 1 / (1 + Math.exp(-z));
const linear = (w, x) => w[0] + x.reduce((sum, value, at) => sum + w[at + 1] * value, 0);
function fit(fitted) {
  let w = [0, ...features.map(() => 0)];
  const totalWeight = fitted.reduce((sum, row) => sum + row.weight, 0);
  for (let step = 0; step < 8000; step++) {
    const gradient = w.map(() => 0);
    for (const row of fitted) {
      const error = row.weight * (sigmoid(linear(w, row.x)) - (row.kind === 'right' ? 1 : 0));
      gradient[0] += error;
      row.x.forEach((value, at) => (gradient[at + 1] += error * value));
    }
    w = w.map((value, at) => value - (2 * gradient[at]) / totalWeight);
  }
  return { intercept: round(w[0]), weights: Object.fromEntries(features.map((name, at) => [name, round(w[at + 1])])) };
}
const confidenceOf = (calibration) => (row) => sigmoid(calibration.intercept + features.reduce((sum, feature, at) => sum + (calibration.weights[feature] ?? 0) * row.x[at], 0));
const fitted = fit(rows);
console.log(`fitted: ${JSON.stringify(fitted)} (in use: ${JSON.stringify(defaultRanking.calibration)})`);

// The off-topic questions the fit has not seen: each half judged by a fit on the examples and the other half.
const offRows = rows.filter((row) => row.kind === 'off-topic');
const heldOut = [0, 1].reduce((unsure, half) => {
  const judged = offRows.filter((_, at) => at % 2 === half);
  const confidence = confidenceOf(fit(rows.filter((row) => !judged.includes(row)).map((row) => (row.kind === 'off-topic' ? { ...row, weight: 2 * row.weight } : row))));
  return unsure + judged.filter((row) => confidence(row) < CONFIDENT).length;
}, 0);
console.log(`off-topic held out of the fit (two halves) with no confident answer ${pct(heldOut / offRows.length)}`);

for (const [name, calibration] of [['fitted', fitted], ['in use', defaultRanking.calibration]]) {
  const confidence = confidenceOf(calibration);
  const of = (kind) => rows.filter((row) => row.kind === kind);
  const confident = (list) => list.filter((row) => confidence(row) >= CONFIDENT).length;
  const right = of('right');
  const wrong = of('wrong');
  const off = of('off-topic');
  console.log(
    `${name}: right first answers confident ${confident(right)}/${right.length} (${pct(confident(right) / right.length)}), ` +
      `precision of confident answers ${pct(confident(right) / (confident(right) + confident(wrong)))}, ` +
      `off-topic with no confident answer ${pct(1 - confident(off) / off.length)}`,
  );
}

function round(value) {
  return Math.round(value * 10) / 10;
}
function pct(value) {
  return `${(100 * value).toFixed(1)}%`;
}
