/**
 * Relevance of /ask on the shipped content: every question of tests/fixtures/ask-relevance.json (half
 * Polish, half English; inflected forms, typos, intent phrasings) has the id of its best answer. The
 * test prints top-1 accuracy and mean reciprocal rank and holds both above a floor, so a ranking
 * change that makes answers worse fails here.
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
}

const cases: Case[] = JSON.parse(readFileSync(new URL('../fixtures/ask-relevance.json', import.meta.url), 'utf8')).cases;
const TOP1_FLOOR = 0.9;
const MRR_FLOOR = 0.93;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_ASK: '10000' });
});
afterAll(() => server?.stop());

describe('/ask relevance', () => {
  it('has a balanced set of at least 40 questions', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const polish = cases.filter((item) => item.locale === 'pl').length;
    expect(polish).toBeGreaterThanOrEqual(cases.length / 2 - 2);
    expect(cases.length - polish).toBeGreaterThanOrEqual(cases.length / 2 - 2);
  });

  it(`ranks the expected answer first often enough (top-1 ≥ ${TOP1_FLOOR}, MRR ≥ ${MRR_FLOOR})`, async () => {
    let top1 = 0;
    let reciprocalSum = 0;
    const misses: string[] = [];
    for (const item of cases) {
      const response = await fetch(`${server.url}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: { text: item.query }, locale: item.locale, context: { limit: 20 } }),
      });
      expect(response.status).toBe(200);
      const ids = AskResponse.parse(await response.json()).results.map((result) => result.id);
      const rank = ids.indexOf(item.expected) + 1;
      if (rank === 1) top1++;
      reciprocalSum += rank ? 1 / rank : 0;
      if (rank !== 1) misses.push(`  [${item.locale}] "${item.query}" → expected ${item.expected} at ${rank || 'none'}, got ${ids.slice(0, 3).join(', ') || 'nothing'}`);
    }
    const accuracy = top1 / cases.length;
    const mrr = reciprocalSum / cases.length;
    console.log(`/ask relevance on ${cases.length} questions: top-1 ${accuracy.toFixed(3)}, MRR ${mrr.toFixed(3)}`);
    if (misses.length) console.log(`not first:\n${misses.join('\n')}`);
    expect(accuracy).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(mrr).toBeGreaterThanOrEqual(MRR_FLOOR);
  });
});
