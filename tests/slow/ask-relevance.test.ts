/**
 * Relevance of /ask on the shipped content. tests/fixtures/ask-relevance.json holds questions /ask has
 * never seen (half Polish, half English; inflected forms, typos, intent phrasings, paraphrases), each
 * with the id of its best answer, written blind by people who saw only the list of pages and never read
 * by whoever tunes /ask. The example questions of content/questions/ (the former tune half) are
 * indexed with their pages; the ranking is tuned on them, cross-validated (scripts/ask/relevance.mjs).
 * The test prints top-1 and MRR@5 of both and holds floors on the unseen questions, the figure that
 * says how /ask does on questions it was not tuned on.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AskResponse } from '../../src/server/schemas/ask';
import { loadExampleQuestions } from '../../src/server/ask/example-questions';
import { fold } from '../../src/server/ask/normalize';
import { isOffTopic } from '../../src/server/schemas/content';
import { floorOf } from '../support/floors';
import { startServer, type TestServer } from '../support/server';

interface Case {
  query: string;
  locale: 'pl' | 'en';
  expected: string;
  /** What the case exercises: topic, inflection, typo, intent, other-language, paraphrase… */
  kind: string;
}

const unseen: Case[] = JSON.parse(readFileSync(new URL('../fixtures/ask-relevance.json', import.meta.url), 'utf8')).cases;
// The pages' example questions; the off-topic ones (off-topic.yaml) answer to no page and are never measured as one.
const examples = loadExampleQuestions(fileURLToPath(new URL('../../content/', import.meta.url))).filter((item) => !isOffTopic(item.expected)) as Case[];
const offTopic: Omit<Case, 'expected' | 'kind'>[] = JSON.parse(readFileSync(new URL('../fixtures/ask-off-topic.json', import.meta.url), 'utf8')).questions;
// Every floor is the Wilson 95 % lower bound of the figure last measured and written down here, on
// the set's size (tests/support/floors.ts, docs/testing.md): a change fails only when the set shows a
// loss beyond chance. After a change that moves a figure, write the new one down (docs/ask.md, "Changing
// the ranking").
//
// A set written blind in 24 personas' words after the work it judged, asked once of the built server,
// then a development set (its kinds of failure read, no question fitted). The sets of the rounds
// before it, each judged once in its turn, are example questions now. The method and each round's
// figures: docs/decisions/ask-blind-sets.md. The aim is 0.95 top-1 / 0.97 MRR@5 / 0.9 of the
// off-topic questions with no confident answer on the set written next.
type BlindSet = { cases: Case[]; offTopic: Omit<Case, 'expected' | 'kind'>[] };
const readBlindSet = (file: string): BlindSet => JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8'));
const blind8 = readBlindSet('ask-blind-8.json');
const blindMisses = readBlindSet('ask-blind-misses.json');
const blindSets = [
  // Judged 0.962 / 0.978 / 55 of 56 (0.979 top-1 counting the pages its writer also accepted, `alsoRight`);
  // 0.953 / 0.973 since the listings answer "your past projects" (docs/decisions/ask-blind-sets.md).
  {
    name: 'blind 8',
    set: blind8,
    top1: floorOf(0.953, blind8.cases.length),
    mrr5: floorOf(0.973, blind8.cases.length),
    offTopicUnsure: floorOf(55 / 56, blind8.offTopic.length),
  },
  // A small set for three kinds of miss, written before the work it judged: the list of all articles or
  // case studies, the newsletter asked for in words (0 of 29 before, 27 after, MRR@5 0.948), and
  // neighbouring trades borrowing the site's words (26 of 30 unsure before, 29 after).
  {
    name: 'blind misses',
    set: blindMisses,
    top1: floorOf(27 / 29, blindMisses.cases.length),
    mrr5: floorOf(0.948, blindMisses.cases.length),
    offTopicUnsure: floorOf(29 / 30, blindMisses.offTopic.length),
  },
];
// Measured 2026-12-07: 0.993 top-1 and 0.996 MRR@5 on the 955 unseen questions of eight writers (the
// aim: 0.95 / 0.97).
const TOP1_FLOOR = floorOf(0.993, unseen.length);
const MRR_FLOOR = floorOf(0.996, unseen.length);
// The examples are in the index: this floor only proves they are (0.998 with them, 0.936 cross-validated).
const EXAMPLES_TOP1_FLOOR = 0.96;
// Confidence: a right first answer on an unseen question is confident (945 of 947), and an off-topic
// question gets no confident answer (59 of the 60 written after the fit; the aim 0.9). The first
// floor is on the right answers' count, which moves with top-1: measured on 947.
const CONFIDENT = 0.5;
const RIGHT_CONFIDENT_FLOOR = floorOf(945 / 947, 947);
const OFF_TOPIC_UNSURE_FLOOR = floorOf(59 / 60, offTopic.length);

let server: TestServer;
beforeAll(async () => {
  // Room for every question this file asks (the examples alone are over 8,000).
  server = await startServer();
});
afterAll(() => server?.stop());

describe('/ask relevance', () => {
  it('asks at least 150 unseen questions, half Polish, a third paraphrases, none a copy of an example', () => {
    expect(unseen.length).toBeGreaterThanOrEqual(150);
    const polish = unseen.filter((item) => item.locale === 'pl').length;
    expect(Math.abs(polish / unseen.length - 0.5)).toBeLessThanOrEqual(0.02);
    expect(unseen.filter((item) => item.kind === 'paraphrase').length).toBeGreaterThanOrEqual(unseen.length / 3);
    // A question found by its own copy in the index would say nothing about unseen questions.
    const asWritten = (text: string) => fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    const indexed = new Set(examples.map((item) => asWritten(item.query)));
    expect([...unseen, ...blindSets.flatMap(({ set }) => set.cases)].filter((item) => indexed.has(asWritten(item.query))).map((item) => item.query)).toEqual([]);
  });

  // Over 3,000 questions: asked a few at a time, and with a budget of their own (the default 30 s
  // was exceeded once on a loaded CI machine when they were asked one by one).
  it(`is confident in right answers (≥ ${RIGHT_CONFIDENT_FLOOR}) and unsure of off-topic questions (≥ ${OFF_TOPIC_UNSURE_FLOOR})`, { timeout: 120_000 }, async () => {
    const first = async (item: { query: string; locale: string }) => {
      const response = await fetch(`${server.url}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: { text: item.query }, locale: item.locale, context: { limit: 1 } }),
      });
      expect(response.status).toBe(200);
      return AskResponse.parse(await response.json()).results[0];
    };
    let right = 0;
    let rightConfident = 0;
    let confident = 0;
    for (let start = 0; start < unseen.length; start += 8) {
      const batch = unseen.slice(start, start + 8);
      const answers = await Promise.all(batch.map(first));
      batch.forEach((item, at) => {
        const answer = answers[at];
        const sure = (answer?.confidence ?? 0) >= CONFIDENT;
        if (sure) confident++;
        if (answer?.id !== item.expected) return;
        right++;
        if (sure) rightConfident++;
      });
    }
    const unsureOf = async (questions: typeof offTopic) => (await Promise.all(questions.map(first))).filter((answer) => (answer?.confidence ?? 0) < CONFIDENT).length;
    const unsure = await unsureOf(offTopic);
    // One set at a time: each set's questions go at once, and two sets together would open more
    // connections than the server takes from one address (MAX_CONNECTIONS_PER_ADDRESS, 64).
    const blindUnsure: number[] = [];
    for (const { set } of blindSets) blindUnsure.push(await unsureOf(set.offTopic));
    console.log(
      `/ask confidence: right first answers confident ${rightConfident}/${right} (${(rightConfident / right).toFixed(3)}), ` +
        `confident answers right ${rightConfident}/${confident} (${(rightConfident / confident).toFixed(3)}), ` +
        `off-topic with no confident answer ${unsure}/${offTopic.length} (${(unsure / offTopic.length).toFixed(3)}); ` +
        blindSets.map(({ name, set }, at) => `${name} off-topic ${blindUnsure[at]}/${set.offTopic.length}`).join(', '),
    );
    blindSets.forEach(({ set, offTopicUnsure }, at) => expect(blindUnsure[at]! / set.offTopic.length).toBeGreaterThanOrEqual(offTopicUnsure));
    expect(rightConfident / right).toBeGreaterThanOrEqual(RIGHT_CONFIDENT_FLOOR);
    expect(unsure / offTopic.length).toBeGreaterThanOrEqual(OFF_TOPIC_UNSURE_FLOOR);
  });

  it(`ranks the expected answer first on questions it has never seen (top-1 ≥ ${TOP1_FLOOR}, MRR@5 ≥ ${MRR_FLOOR})`, { timeout: 300_000 }, async () => {
    const rankedIds = async (item: Case) => {
      const response = await fetch(`${server.url}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: { text: item.query }, locale: item.locale, context: { limit: 20 } }),
      });
      expect(response.status).toBe(200);
      return AskResponse.parse(await response.json()).results.map((result) => result.id);
    };
    const measure = async (subset: Case[], misses?: string[]) => {
      let top1 = 0;
      let reciprocalSum = 0;
      for (let start = 0; start < subset.length; start += 8) {
        const batch = subset.slice(start, start + 8);
        const answers = await Promise.all(batch.map(rankedIds));
        batch.forEach((item, at) => {
          const ids = answers[at]!;
          const rank = ids.indexOf(item.expected) + 1;
          if (rank === 1) top1++;
          if (rank >= 1 && rank <= 5) reciprocalSum += 1 / rank;
          if (rank !== 1) misses?.push(`  [${item.locale}] "${item.query}" → expected ${item.expected} at ${rank || 'none'}, got ${ids.slice(0, 3).join(', ') || 'nothing'}`);
        });
      }
      return { top1: top1 / subset.length, mrr5: reciprocalSum / subset.length, count: subset.length };
    };
    // Only the examples' misses are printed: the unseen questions stay unread by whoever tunes.
    const misses: string[] = [];
    const figures = { unseen: await measure(unseen), examples: await measure(examples, misses) };
    const blind: Awaited<ReturnType<typeof measure>>[] = [];
    for (const { set } of blindSets) blind.push(await measure(set.cases));
    for (const [name, figure] of [...Object.entries(figures), ...blindSets.map(({ name }, at) => [name, blind[at]!] as const)]) {
      console.log(`/ask relevance, ${name} (${figure.count} questions): top-1 ${figure.top1.toFixed(3)}, MRR@5 ${figure.mrr5.toFixed(3)}`);
    }
    // The first 40 (scripts/ask/relevance.mjs --misses lists them all, cross-validated, without a server).
    if (misses.length) console.log(`not first (examples, ${misses.length}):\n${misses.slice(0, 40).join('\n')}`);
    expect(figures.unseen.top1).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(figures.unseen.mrr5).toBeGreaterThanOrEqual(MRR_FLOOR);
    expect(figures.examples.top1).toBeGreaterThanOrEqual(EXAMPLES_TOP1_FLOOR);
    blindSets.forEach(({ name, top1, mrr5 }, at) => {
      expect(blind[at]!.top1, name).toBeGreaterThanOrEqual(top1);
      expect(blind[at]!.mrr5, name).toBeGreaterThanOrEqual(mrr5);
    });
  });
});
