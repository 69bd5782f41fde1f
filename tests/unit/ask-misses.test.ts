/**
 * The low-confidence log: what is kept of a question (its text without e-mail addresses and phone
 * numbers, nothing for a confident answer or a later page), and the store on both engines of the
 * records database (the SQLite file in DATA_DIR and a real PostgreSQL): one row per distinct question with a count,
 * forgotten after the retention period, trimmed to the cap with the least asked, then the oldest,
 * going first, so a flood of distinct questions never grows it past the cap nor pushes out the
 * misses visitors keep asking.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { keptQuestion, missKey, missSighting } from '../../src/server/ask/misses';
import { askMissesStore, DAY_MS, type AskMissSighting } from '../../src/server/ask/misses-store';
import { runShutdownHooks } from '../../src/server/base/lifecycle';
import type { AskRequest, AskResponse } from '../../src/server/schemas/ask';
import { getSettings, resetSettingsForTests } from '../../src/server/base/settings';
import { recordsEngine } from '../../src/server/store/database';
import { recordsInProcess } from '../support/records-in-process';

describe('what is kept of a question', () => {
  it('takes out e-mail addresses and phone numbers, keeps prices, years and ranges', () => {
    expect(keptQuestion('napiszcie na jan.kowalski+strona@firma.com.pl albo zadzwońcie 600 100 200')).toBe('napiszcie na [e-mail] albo zadzwońcie [phone]');
    expect(keptQuestion('call me at +48 (22) 123-45-67 or (ann@example.org)')).toBe('call me at [phone] or ([e-mail])');
    expect(keptQuestion('mój PESEL 85010112345 i konto 12 1090 1014 0000 0712 1981 2874')).toBe('mój PESEL [phone] i konto [phone]');
    expect(keptQuestion('tel. 0048 22 123 45 67')).toBe('tel. [phone]');
    expect(keptQuestion('strona za 10 000 zł w 2025, budżet 2023-2024, 1234567 lat')).toBe('strona za 10 000 zł w 2025, budżet 2023-2024, 1234567 lat');
    expect(keptQuestion('  pizza\n\n margherita  ')).toBe('pizza margherita');
  });

  it('takes out numbers with longer separators and addresses spelled out, in both languages', () => {
    expect(keptQuestion('call 600 -- 123 -- 456 please')).toBe('call [phone] please');
    expect(keptQuestion('tel 600 — 123 — 456, 600_123_456 lub 600 / 123 / 456')).toBe('tel [phone], [phone] lub [phone]');
    expect(keptQuestion('write jan (at) example (dot) com today')).toBe('write [e-mail] today');
    expect(keptQuestion('write jan.kowalski [at] example [dot] co [dot] uk')).toBe('write [e-mail]');
    expect(keptQuestion('mail jan at example dot com or ann @ example.org')).toBe('mail [e-mail] or [e-mail]');
    expect(keptQuestion('pisz na jan małpa firma kropka pl albo ola(małpa)firma(kropka)pl')).toBe('pisz na [e-mail] albo [e-mail]');
    expect(keptQuestion('pisz na JAN MAŁPA FIRMA KROPKA PL')).toBe('pisz na [e-mail]');
  });

  it('keeps ordinary sentences, prices and years that only look a little like them', () => {
    for (const text of [
      'look at it. Then what?',
      'meet at 5.30 in Kraków',
      'strona za 10 000 zł w 2025 -- 2026',
      'ceny: 1 500 zł, 2 300 zł, 4 100 zł',
      'what is the price at the shop',
      'kropka nad i, małpa w zoo',
    ]) expect(keptQuestion(text), text).toBe(text);
  });

  it('counts one question however it is cased, accented or punctuated', () => {
    expect(missKey('Gdzie zjeść PIZZĘ?!')).toBe(missKey('gdzie  zjesc pizze'));
    expect(missKey('?!')).toBe('');
  });

  const request = (text: string, extra: Partial<AskRequest> = {}) => ({ query: { text }, ...extra }) as AskRequest;
  const answer = (query: string, confidences: number[], meta: Partial<AskResponse['_meta']> = {}) =>
    ({
      _meta: { response_type: 'result_set', version: '0.2', locale: 'en', locale_source: 'request', ...meta },
      query,
      results: confidences.map((confidence, index) => ({ id: `article:en:a${index}`, type: 'article', title: `A${index}`, url: `https://example.com/a${index}`, summary: '', confidence, source: 'https://example.com/a.md', inLanguage: 'en' })),
    }) as AskResponse;

  it('keeps a question whose best result is not confident, with that result', () => {
    const sighting = missSighting(request('wedding in Tuscany, mail me at x@y.com'), answer('wedding in Tuscany, mail me at x@y.com', [0.31234, 0.2]));
    expect(sighting).toMatchObject({ question: 'wedding in Tuscany, mail me at [e-mail]', locale: 'en', kinds: '', best: { id: 'article:en:a0', title: 'A0', confidence: 0.312 } });
    expect(sighting?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(missSighting(request('zzzz'), answer('zzzz', []))).toMatchObject({ question: 'zzzz', best: null });
  });

  it('keeps nothing for a confident answer, a later page, or a question of only an address', () => {
    expect(missSighting(request('backups'), answer('backups', [0.5, 0.1]))).toBeUndefined();
    expect(missSighting(request('pizza', { meta: { start_num: 5 } }), answer('pizza', [0.1]))).toBeUndefined();
    expect(missSighting(request('a@b.pl'), answer('a@b.pl', [0.1]))).toBeUndefined();
  });

  it('keeps a follow-up as searched, and the kinds asked for apart', () => {
    const followUp = missSighting(request('a ile to kosztuje?'), answer('a ile to kosztuje?', [0.2], { decontextualized_query: 'pizza na wesele a ile to kosztuje?', locale: 'pl' }));
    expect(followUp).toMatchObject({ question: 'pizza na wesele a ile to kosztuje?', locale: 'pl' });
    const articles = missSighting(request('pizza', { context: { types: ['article'] } } as Partial<AskRequest>), answer('pizza', [0.2]));
    expect(articles?.kinds).toBe('article');
    expect(articles?.id).not.toBe(missSighting(request('pizza'), answer('pizza', [0.2]))?.id);
  });
});

const { postgres } = recordsInProcess('ask-misses');

const sighting = (n: number | string, locale = 'en'): AskMissSighting => ({
  id: `q${n}`,
  question: `question ${n}`,
  locale,
  kinds: '',
  best: { id: 'article:en:x', title: 'X', url: 'https://example.com/x', confidence: 0.2 },
});

describe.each(['sqlite', 'postgresql'] as const)('low-confidence questions in %s', (backend) => {
  beforeAll(async () => {
    await runShutdownHooks();
    if (backend === 'postgresql') process.env.DATABASE_URL = postgres().url;
    else delete process.env.DATABASE_URL;
    resetSettingsForTests();
    expect(recordsEngine(getSettings())).toBe(backend);
  });

  const limits = { retentionDays: 30, maxRows: 50 };

  it('counts a question asked again in its one row, most asked first', async () => {
    const store = askMissesStore();
    await store.clearMisses();
    const now = Date.now();
    await store.recordMiss(sighting('a'), limits, new Date(now - 3000));
    await store.recordMiss(sighting('b', 'pl'), limits, new Date(now - 2000));
    await store.recordMiss({ ...sighting('a'), best: null }, limits, new Date(now - 1000));
    const listed = await store.listMisses(limits);
    expect(listed).toEqual([
      { ...sighting('a'), best: null, count: 2, firstSeen: new Date(now - 3000).toISOString(), lastSeen: new Date(now - 1000).toISOString() },
      expect.objectContaining({ id: 'qb', locale: 'pl', count: 1, best: sighting('b').best }),
    ]);
    expect(await store.clearMisses()).toBe(2);
    expect(await store.listMisses(limits)).toEqual([]);
  });

  it('forgets a question not asked again within the retention period', async () => {
    const store = askMissesStore();
    const now = Date.now();
    await store.recordMiss(sighting('old'), limits, new Date(now - 31 * DAY_MS));
    await store.recordMiss(sighting('recent'), limits, new Date(now - 29 * DAY_MS));
    // Asked 40 days ago and again yesterday: kept, from its first asking.
    await store.recordMiss(sighting('again'), limits, new Date(now - 40 * DAY_MS));
    await store.recordMiss(sighting('again'), limits, new Date(now - DAY_MS));
    const listed = await store.listMisses(limits);
    expect(listed.map((miss) => [miss.id, miss.count])).toEqual([['qagain', 1], ['qrecent', 1]]);
    // A shorter retention lists (and the next write forgets) fewer.
    expect((await store.listMisses({ retentionDays: 7 })).map((miss) => miss.id)).toEqual(['qagain']);
    await store.clearMisses();
  });

  it('never keeps more than the cap: a flood of distinct questions leaves the repeated ones', async () => {
    const store = askMissesStore();
    const now = Date.now();
    for (let round = 0; round < 3; round++) await store.recordMiss(sighting('asked thrice'), limits, new Date(now - 60_000 + round));
    await store.recordMiss(sighting('asked twice'), limits, new Date(now - 50_000));
    await store.recordMiss(sighting('asked twice'), limits, new Date(now - 50_000));
    const flood = 1000;
    const started = performance.now();
    for (let n = 0; n < flood; n++) await store.recordMiss(sighting(`nonsense ${n}`), limits, new Date(now - 40_000 + n));
    const perWrite = (performance.now() - started) / flood;
    const listed = await store.listMisses(limits);
    console.log(`[ask-misses] ${backend}: ${flood} distinct questions with a cap of ${limits.maxRows}: ${listed.length} kept, ${perWrite.toFixed(2)} ms per write`);
    expect(listed).toHaveLength(limits.maxRows);
    expect(listed.slice(0, 2).map((miss) => [miss.id, miss.count])).toEqual([['qasked thrice', 3], ['qasked twice', 2]]);
    // Of the flood, the newest stay.
    expect(listed.slice(2).map((miss) => miss.id)).toEqual(Array.from({ length: limits.maxRows - 2 }, (_, index) => `qnonsense ${flood - 1 - index}`));
    await store.clearMisses();
  });
});
