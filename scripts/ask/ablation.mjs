#!/usr/bin/env node
/**
 * What each /ask rule adds: every intent pattern and thesaurus group (src/server/ask/rules/, by id) is
 * switched off in turn, and the change is measured on
 * - the example questions (content/questions/), cross-validated as relevance.mjs does: each half
 *   asked of an index holding only the other half's examples;
 * - the unseen questions (tests/fixtures/ask-relevance.json), asked of the index with every example;
 * - the blind set (tests/fixtures/ask-blind*.json, the newest: written after the work it judged), its
 *   questions and its off-topic ones, asked of the index with every example;
 * - the off-topic questions (tests/fixtures/ask-off-topic.json and scripts/ask/off-topic-calibration.json):
 *   the share with no confident answer;
 * - the precision of confident first answers (right among confident) on the unseen questions;
 * - the flow intent (`_meta.intent`: contact or consultation) right, on each set: the expected answer is
 *   that flow, or no flow is reported for a question whose answer is no flow; and how many of the
 *   questions whose answer is a flow get it (the requests to spot).
 * A rule's contribution is the figure with it minus the figure without it: positive, the rule helps.
 *
 * Fast because little changes: the three indexes (one per fold, one with every example) are built
 * once and asked with each rule set, and a rule switched off is asked only the questions it fires on
 * (its pattern matches the question as the intent patterns read it, or a phrase of its group occurs in
 * the question's terms); the others' answers cannot change, except through the intent spelling's
 * vocabulary (a pattern's words), which `--exact` includes by asking every question again (slow).
 *
 *   [ASK_TUNING='{…}'] npm run ask:ablation [-- --prune] [-- --exact] [-- --only thesaurus.] [-- --off pricing.,talk.] [-- --json FILE]
 * `--prune`: then switches off, one at a time, each rule that adds nothing to the rules still in use.
 * `--off PREFIXES` (comma-separated id prefixes): those rules are off from the start.
 * `--kinds`: also what each kind of rule adds as a whole (every pattern of the kind, or every thesaurus
 * group, switched off at once), and all of them together.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../bench/_lib.mjs';
import { loadTs } from '../lib/load-ts.mjs';
import { contentCatalog, loadBlindSets, loadCases, loadExamples, loadOffTopicExamples, offTopicOfFold } from './relevance.mjs';

const started = performance.now();
const ask = await loadTs({
  exports: [
    "export { askIndexOver, defaultLimits, defaultRanking, CONFIDENT } from './src/server/ask/engine.ts';",
    "export { buildCorpus } from './src/server/ask/corpus.ts';",
    "export { questionAnalyser } from './src/server/ask/question.ts';",
    "export { matchingIntentRules } from './src/server/ask/intent.ts';",
    "export { thesaurusExpander } from './src/server/ask/expand.ts';",
    "export { askRules, ruleIds, withoutRules } from './src/server/ask/rules/index.ts';",
    "export { documentsFromCatalog, withExampleQuestions } from './src/server/ask/documents.ts';",
  ],
}, 'ask-ablation');

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const exact = process.argv.includes('--exact');
const documents = ask.documentsFromCatalog(await contentCatalog(), 'http://localhost:4321');
const examples = await loadExamples();
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const offTopic = [...readJson('tests/fixtures/ask-off-topic.json').questions, ...readJson('scripts/ask/off-topic-calibration.json').questions];

// The questions, each with the corpus it is asked of: the examples of one fold against the other
// fold's examples, the unseen and the off-topic ones against every example.
const foldOf = new Map();
const seen = { pl: 0, en: 0 };
examples.forEach((item) => foldOf.set(item, seen[item.locale]++ % 2));
// The off-topic example questions (off-topic.yaml), never asked as pages' questions: a fold's corpus holds half of them.
const offTopicExamples = await loadOffTopicExamples();
const corpusWith = (indexed, fold) => ask.buildCorpus({ documents: ask.withExampleQuestions(documents, indexed), offTopic: offTopicOfFold(offTopicExamples, fold) }, ask.defaultRanking.stemmer, ask.defaultRanking.transfer);
const corpora = [0, 1].map((fold) => corpusWith(examples.filter((item) => foldOf.get(item) !== fold), fold));
const full = corpusWith(examples);
const questions = [
  ...examples.map((item) => ({ ...item, set: 'examples', corpus: corpora[foldOf.get(item)] })),
  ...loadCases().map((item) => ({ ...item, set: 'unseen', corpus: full })),
  ...offTopic.map((item) => ({ ...item, set: 'offTopic', corpus: full })),
  // The newest blind set (the ones before it are example questions now).
  ...(loadBlindSets().at(-1)?.cases ?? []).map((item) => ({ ...item, set: 'blind', corpus: full })),
  ...(loadBlindSets().at(-1)?.offTopic ?? []).map((item) => ({ ...item, set: 'blindOffTopic', corpus: full })),
];
const built = performance.now() - started;

// The flow a question asks for (`_meta.intent` of the API), known when its expected answer is the flow.
const flowOf = (id) => /^(contact|consultation):/.exec(id ?? '')?.[1];

/**
 * One question's outcome: the expected answer's rank (0: not in the first 5), whether the first answer
 * is confident, and whether the reported flow intent is the expected one (none when the expected
 * answer is no flow).
 */
function outcome(index, question) {
  const answer = index.search({ text: question.query, locale: question.locale, limit: 20 });
  const results = answer.results.slice(0, 5);
  return {
    rank: results.findIndex((result) => result.document.id === question.expected) + 1,
    confident: (results[0]?.confidence ?? 0) >= ask.CONFIDENT,
    flowRight: flowOf(`${answer.intent}:`) === flowOf(question.expected),
  };
}

/** The figures of a set of outcomes: top-1 and MRR@5 per set, off-topic unsure, precision of confident answers (unseen). */
function figures(outcomes) {
  const of = (set) => questions.map((question, at) => ({ question, result: outcomes[at] })).filter(({ question }) => question.set === set);
  const ranked = (set) => {
    const list = of(set);
    const flowAsked = list.filter(({ question }) => flowOf(question.expected));
    return {
      top1: list.filter(({ result }) => result.rank === 1).length / list.length,
      mrr5: list.reduce((sum, { result }) => sum + (result.rank ? 1 / result.rank : 0), 0) / list.length,
      flow: list.filter(({ result }) => result.flowRight).length / list.length,
      /** Of the questions whose answer is a flow, how many get it as the intent. */
      flowSpotted: flowAsked.filter(({ result }) => result.flowRight).length,
      flowAsked: flowAsked.length,
    };
  };
  const unsure = (set) => of(set).filter(({ result }) => !result.confident).length / of(set).length;
  const unseen = of('unseen');
  const confident = unseen.filter(({ result }) => result.confident);
  return {
    examples: ranked('examples'),
    unseen: ranked('unseen'),
    blind: ranked('blind'),
    precision: confident.filter(({ result }) => result.rank === 1).length / confident.length,
    offTopicUnsure: unsure('offTopic'),
    blindOffTopicUnsure: unsure('blindOffTopic'),
  };
}

// ASK_TUNING='{"intentVotes":2}' measures the rules under other ranking parameters (engine.ts `defaultRanking`).
const tuning = process.env.ASK_TUNING ? JSON.parse(process.env.ASK_TUNING) : {};
const indexesFor = (rules) => new Map([...corpora, full].map((corpus) => [corpus, ask.askIndexOver(corpus, tuning, ask.defaultLimits, rules)]));

// With every rule: each question's outcome, and the rules it fires.
// `--off consultation.,contact.`: the rules whose ids start so are off from the start (what the others add without them).
const startOff = (option('--off') ?? '').split(',').filter(Boolean);
const initiallyOff = ask.ruleIds().filter((id) => startOff.some((prefix) => id.startsWith(prefix)));
const everyRule = indexesFor(ask.withoutRules(initiallyOff));
const baseline = questions.map((question) => outcome(everyRule.get(question.corpus), question));
const firedBy = new Map(ask.ruleIds().map((id) => [id, []]));
const analysers = new Map([...corpora, full].map((corpus) => [corpus, ask.questionAnalyser(corpus, ask.defaultLimits)]));
const expand = ask.thesaurusExpander(full.normalizeTerm);
questions.forEach((question, at) => {
  const analysed = analysers.get(question.corpus)(question.query, { left: ask.defaultLimits.comparisons });
  const fired = [...ask.matchingIntentRules(analysed.spelled), ...expand.groupsIn(analysed.queryTerms).map((id) => `thesaurus.${id}`)];
  for (const id of fired) firedBy.get(id).push(at);
});
const before = figures(baseline);

/** What a rule adds to the rules in use (`off`: the ids already switched off) and the outcomes without it. */
function without(id, off, outcomes) {
  const indexes = indexesFor(ask.withoutRules([...initiallyOff, ...off, id]));
  const asked = exact ? questions.map((_, at) => at) : firedBy.get(id);
  const changed = [...outcomes];
  for (const at of asked) changed[at] = outcome(indexes.get(questions[at].corpus), questions[at]);
  const now = figures(outcomes);
  const after = figures(changed);
  const fires = (set) => firedBy.get(id).filter((at) => questions[at].set === set).length;
  const row = {
    id,
    fires: { examples: fires('examples'), unseen: fires('unseen'), blind: fires('blind'), offTopic: fires('offTopic') + fires('blindOffTopic') },
    examples: { top1: now.examples.top1 - after.examples.top1, mrr5: now.examples.mrr5 - after.examples.mrr5, flow: now.examples.flow - after.examples.flow },
    unseen: { top1: now.unseen.top1 - after.unseen.top1, mrr5: now.unseen.mrr5 - after.unseen.mrr5, flow: now.unseen.flow - after.unseen.flow },
    blind: { top1: now.blind.top1 - after.blind.top1, mrr5: now.blind.mrr5 - after.blind.mrr5, flow: now.blind.flow - after.blind.flow },
    offTopicUnsure: now.offTopicUnsure - after.offTopicUnsure,
    blindOffTopicUnsure: now.blindOffTopicUnsure - after.blindOffTopicUnsure,
    precision: now.precision - after.precision,
  };
  return { row, outcomes: changed };
}

const EPSILON = 1e-9;
const measures = (row) => [
  row.examples.top1, row.examples.mrr5, row.examples.flow, row.unseen.top1, row.unseen.mrr5, row.unseen.flow,
  row.blind.top1, row.blind.mrr5, row.blind.flow, row.offTopicUnsure, row.blindOffTopicUnsure, row.precision,
];
/** Adds nothing: no figure of any set (nor the flow intent, the off-topic shares, the precision) is lower without it. */
const addsNothing = (row) => measures(row).every((value) => value <= EPSILON);
const score = (row) => row.examples.top1 + row.examples.mrr5 + row.unseen.top1 + row.unseen.mrr5 + row.blind.top1 + row.blind.mrr5;
const signed = (value, digits = 4) => (Math.abs(value) < EPSILON ? '0' : `${value > 0 ? '+' : ''}${value.toFixed(digits)}`);
const countOf = (set) => questions.filter((question) => question.set === set).length;
const counts = { examples: examples.length, unseen: countOf('unseen'), blind: countOf('blind'), offTopic: offTopic.length, blindOffTopic: countOf('blindOffTopic') };
const ranks = (figure) => `top-1 ${figure.top1.toFixed(3)} MRR@5 ${figure.mrr5.toFixed(3)} flow intent ${figure.flow.toFixed(4)} (flows spotted ${figure.flowSpotted}/${figure.flowAsked})`;
const describe = (figure) =>
  `examples (${counts.examples}, cross-validated) ${ranks(figure.examples)}; ` +
  `unseen (${counts.unseen}) ${ranks(figure.unseen)}, confident answers right ${figure.precision.toFixed(3)}; ` +
  `blind (${counts.blind}) ${ranks(figure.blind)}; ` +
  `off-topic (${counts.offTopic}) with no confident answer ${figure.offTopicUnsure.toFixed(3)}, blind off-topic (${counts.blindOffTopic}) ${figure.blindOffTopicUnsure.toFixed(3)}`;

const only = option('--only');
const rows = ask.ruleIds().filter((rule) => (!only || rule.startsWith(only)) && !initiallyOff.includes(rule)).map((id) => without(id, [], baseline).row);
rows.sort((x, y) => score(y) - score(x) || y.offTopicUnsure - x.offTopicUnsure || x.id.localeCompare(y.id));

console.log(`with every rule${initiallyOff.length ? ` but ${initiallyOff.length} (--off)` : ''}: ${describe(before)}`);
console.log('what each rule adds (the figure with it minus without it; fires: the questions it touches, examples/unseen/blind/off-topic; flow: the flow intent right):');
const header = ['rule'.padEnd(44), 'fires'.padStart(16), 'ex top-1', 'ex MRR@5', 'ex flow', 'un top-1', 'un MRR@5', 'un flow', 'bl top-1', 'bl MRR@5', 'bl flow', 'off unsure', 'bl off', 'precision'].join(' ');
const printRow = (row) =>
  console.log([
    row.id.padEnd(44),
    `${row.fires.examples}/${row.fires.unseen}/${row.fires.blind}/${row.fires.offTopic}`.padStart(16),
    ...[row.examples.top1, row.examples.mrr5, row.examples.flow, row.unseen.top1, row.unseen.mrr5, row.unseen.flow, row.blind.top1, row.blind.mrr5, row.blind.flow].map((value) => signed(value).padStart(8)),
    signed(row.offTopicUnsure).padStart(10), signed(row.blindOffTopicUnsure).padStart(6), signed(row.precision).padStart(9),
  ].join(' '));
console.log(header);
rows.forEach(printRow);
const nothing = rows.filter(addsNothing);
console.log(`${rows.length} rules; ${nothing.length} add nothing alone (${nothing.filter((row) => !row.fires.examples && !row.fires.unseen && !row.fires.offTopic).length} of them fire on no question)`);

// Two rules that each add nothing alone may add something together (one covers for the other), so
// they go one at a time, each measured against the rules still in use: the ones that cost first.
let pruned;
if (process.argv.includes('--prune')) {
  const off = [];
  let outcomes = baseline;
  for (const candidate of [...nothing].reverse()) {
    const { row, outcomes: changed } = without(candidate.id, off, outcomes);
    if (!addsNothing(row)) continue;
    off.push(candidate.id);
    outcomes = changed;
  }
  pruned = { off, after: figures(outcomes) };
  console.log(`pruned, one at a time: ${off.length} rules add nothing to the others: ${off.join(' ')}`);
  console.log(`without them: ${describe(pruned.after)}`);
}
// What each kind adds as a whole, and all the rules together: each measured against every other rule in use.
let kinds;
if (process.argv.includes('--kinds')) {
  const kindOf = (id) => id.split('.')[0];
  const inUse = ask.ruleIds().filter((id) => !initiallyOff.includes(id));
  const groups = [...new Set(inUse.map(kindOf))].map((kind) => ({ id: `${kind}.*`, ids: inUse.filter((id) => kindOf(id) === kind) }));
  groups.push({ id: 'every rule', ids: inUse });
  kinds = groups.map(({ id, ids }) => {
    const indexes = indexesFor(ask.withoutRules([...initiallyOff, ...ids]));
    const asked = exact ? questions.map((_, at) => at) : [...new Set(ids.flatMap((rule) => firedBy.get(rule)))];
    const changed = [...baseline];
    for (const at of asked) changed[at] = outcome(indexes.get(questions[at].corpus), questions[at]);
    const after = figures(changed);
    return { id, ids: ids.length, after };
  });
  console.log('each kind switched off as a whole (its figures without it):');
  for (const { id, ids, after } of kinds) console.log(`  ${`${id} (${ids})`.padEnd(30)} ${describe(after)}`);
}
if (option('--json')) writeFileSync(option('--json'), JSON.stringify({ before, counts, rows, pruned, kinds }, null, 2));
console.log(`(${exact ? 'every question asked again per rule' : 'each rule asked the questions it fires on'}; indexes built in ${(built / 1000).toFixed(1)} s, all in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
