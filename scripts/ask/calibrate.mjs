#!/usr/bin/env node
/**
 * Fits /ask's confidence (engine.ts `Ranking.calibration`) and prints what it measures.
 *
 * The confidence should read as a probability that a result is the right answer, so that "confident"
 * (≥ CONFIDENT, 0.5) means right far more often than not and an off-topic question gets no confident
 * answer. It is a logistic regression of "the first result is the expected page" on two figures of a
 * question: the first result's raw score (coverage × closeness) and the share of the question the
 * site's texts know. Fitted on
 * - the example questions (content/questions/), cross-validated as in relevance.mjs: each half is
 *   asked of an index holding the other half, so each question is one /ask has not seen;
 * - off-topic questions (scripts/ask/off-topic-calibration.json) as wrong answers, each weighing
 *   OFF_TOPIC_WEIGHT example questions (there are few of them, and each is a question asked of both
 *   halves' indexes).
 * The figures that judge the fit are other questions: the unseen set (tests/fixtures/ask-relevance.json)
 * and the off-topic set of tests/fixtures/ask-off-topic.json, both asked of the built server by
 * tests/http/ask-relevance.test.ts.
 *
 *   npm exec -- node scripts/ask/calibrate.mjs
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../bench/_lib.mjs';
import { contentCatalog, loadExamples, loadPureModules } from './relevance.mjs';

/** An off-topic question weighs as many example questions: there are 120 of them against 2,600 examples. */
const OFF_TOPIC_WEIGHT = 10;
const CONFIDENT = 0.5;

const { buildAskIndex, documentsFromCatalog, withExampleQuestions, paths, defaultRanking } = await loadPureModules('ask-calibrate');
const documents = documentsFromCatalog(contentCatalog(paths), 'http://localhost:4321');
const examples = await loadExamples();
const offTopic = JSON.parse(readFileSync(join(root, 'scripts/ask/off-topic-calibration.json'), 'utf8')).questions;

// With the identity calibration the reported confidence is the logistic of the raw score, read back.
const identity = { calibration: { intercept: 0, weights: { raw: 1, known: 0 } } };
const logit = (p) => Math.log(p / (1 - p));
const figuresOf = (index, question) => {
  const answer = index.search({ text: question.query, locale: question.locale, limit: 1 });
  const first = answer.results[0];
  return { raw: first ? logit(Math.min(0.999, Math.max(0.001, first.confidence))) : 0, known: answer.known, id: first?.document.id };
};

const rows = [];
const foldOf = new Map();
const seen = { pl: 0, en: 0 };
examples.forEach((item) => foldOf.set(item, seen[item.locale]++ % 2));
for (const fold of [0, 1]) {
  const index = buildAskIndex(withExampleQuestions(documents, examples.filter((item) => foldOf.get(item) !== fold)), identity);
  for (const item of examples.filter((question) => foldOf.get(question) === fold)) {
    const figures = figuresOf(index, item);
    rows.push({ ...figures, kind: figures.id === item.expected ? 'right' : 'wrong', weight: 1 });
  }
  for (const item of offTopic) rows.push({ ...figuresOf(index, item), kind: 'off-topic', weight: OFF_TOPIC_WEIGHT / 2 });
}

// Logistic regression by gradient descent on (1, raw, known): a few thousand steps converge.
const sigmoid = (z) => 1 / (1 + Math.exp(-z));
let w = [0, 0, 0];
const totalWeight = rows.reduce((sum, row) => sum + row.weight, 0);
for (let step = 0; step < 5000; step++) {
  const gradient = [0, 0, 0];
  for (const row of rows) {
    const error = row.weight * (sigmoid(w[0] + w[1] * row.raw + w[2] * row.known) - (row.kind === 'right' ? 1 : 0));
    gradient[0] += error;
    gradient[1] += error * row.raw;
    gradient[2] += error * row.known;
  }
  w = w.map((value, at) => value - (2 * gradient[at]) / totalWeight);
}
const fitted = { intercept: round(w[0]), weights: { raw: round(w[1]), known: round(w[2]) } };
console.log(`fitted: ${JSON.stringify(fitted)} (in use: ${JSON.stringify(defaultRanking.calibration)})`);

for (const [name, calibration] of [['fitted', fitted], ['in use', defaultRanking.calibration]]) {
  const confidence = (row) => sigmoid(calibration.intercept + calibration.weights.raw * row.raw + calibration.weights.known * row.known);
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
