/**
 * Relevance of /ask on the shipped content: every question of tests/fixtures/ask-relevance.json (half
 * Polish, half English; inflected forms, typos, intent phrasings, paraphrases) has the id of its best
 * answer. The ranking is tuned on the `tune` half only (scripts/ask/relevance.mjs --tune, --cv); the
 * `holdout` half is questions written blind by people who saw neither the ranking nor the other
 * questions, never used to tune. The test prints top-1 and MRR@5 of both halves and holds floors on
 * the holdout half, the figure that says how /ask does on questions it was not tuned on.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AskResponse } from '../../src/server/schemas/ask';
import { startServer, type TestServer } from '../support/server';

interface Case {
  query: string;
  locale: 'pl' | 'en';
  expected: string;
  /** What the case exercises: topic, inflection, typo, intent, english-in-polish… */
  kind: string;
  split: 'tune' | 'holdout';
}

const cases: Case[] = JSON.parse(readFileSync(new URL('../fixtures/ask-relevance.json', import.meta.url), 'utf8')).cases;
// Floors on the holdout half, a little under what it measures (0.947 and 0.965 on 2026-11-25, on
// 377 blind questions of four writers; the target is 0.95 and 0.97).
const TOP1_FLOOR = 0.92;
const MRR_FLOOR = 0.94;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_ASK: '10000' });
});
afterAll(() => server?.stop());

describe('/ask relevance', () => {
  it('holds out at least 150 questions, half Polish, a third paraphrases, and is balanced as a whole', () => {
    // The holdout alone meets the size: the tune half grew with later blind sets (2026-11-25)
    // whose questions were read while looking for general failures, so they cannot join the holdout.
    const holdout = cases.filter((item) => item.split === 'holdout');
    expect(holdout.length).toBeGreaterThanOrEqual(150);
    const polish = holdout.filter((item) => item.locale === 'pl').length;
    expect(Math.abs(polish - (holdout.length - polish))).toBeLessThanOrEqual(2);
    expect(holdout.filter((item) => item.kind === 'paraphrase').length).toBeGreaterThanOrEqual(holdout.length / 3);
    const polishShare = cases.filter((item) => item.locale === 'pl').length / cases.length;
    expect(Math.abs(polishShare - 0.5)).toBeLessThanOrEqual(0.02);
    expect(cases.filter((item) => item.kind === 'paraphrase').length).toBeGreaterThanOrEqual(cases.length / 3);
  });

  // Nearly 3,000 questions: asked a few at a time, and with a budget of their own (the default 30 s
  // was exceeded once on a loaded CI machine when they were asked one by one).
  it(`ranks the expected answer first on questions it was not tuned on (holdout top-1 ≥ ${TOP1_FLOOR}, MRR@5 ≥ ${MRR_FLOOR})`, { timeout: 180_000 }, async () => {
    const figures: Record<string, { top1: number; mrr5: number; count: number }> = {};
    const misses: string[] = [];
    const rankedIds = async (item: Case) => {
      const response = await fetch(`${server.url}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: { text: item.query }, locale: item.locale, context: { limit: 20 } }),
      });
      expect(response.status).toBe(200);
      return AskResponse.parse(await response.json()).results.map((result) => result.id);
    };
    for (const split of ['tune', 'holdout'] as const) {
      let top1 = 0;
      let reciprocalSum = 0;
      const subset = cases.filter((item) => item.split === split);
      for (let start = 0; start < subset.length; start += 8) {
        const batch = subset.slice(start, start + 8);
        const answers = await Promise.all(batch.map(rankedIds));
        batch.forEach((item, at) => {
          const ids = answers[at]!;
          const rank = ids.indexOf(item.expected) + 1;
          if (rank === 1) top1++;
          if (rank >= 1 && rank <= 5) reciprocalSum += 1 / rank;
          // The holdout's questions stay unread by whoever tunes: only the tune half's misses are printed.
          if (rank !== 1 && split === 'tune') misses.push(`  ${split} [${item.locale}] "${item.query}" → expected ${item.expected} at ${rank || 'none'}, got ${ids.slice(0, 3).join(', ') || 'nothing'}`);
        });
      }
      figures[split] = { top1: top1 / subset.length, mrr5: reciprocalSum / subset.length, count: subset.length };
    }
    for (const [split, figure] of Object.entries(figures)) {
      console.log(`/ask relevance, ${split} half (${figure.count} questions): top-1 ${figure.top1.toFixed(3)}, MRR@5 ${figure.mrr5.toFixed(3)}`);
    }
    // The first 40 (scripts/ask/relevance.mjs --misses lists them all without a server).
    if (misses.length) console.log(`not first (tune half, ${misses.length}):\n${misses.slice(0, 40).join('\n')}`);
    expect(figures.holdout!.top1).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(figures.holdout!.mrr5).toBeGreaterThanOrEqual(MRR_FLOOR);
  });
});
