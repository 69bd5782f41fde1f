import { describe, expect, it } from 'vitest';
import { decontextualize, isFollowUp, previousQuestions } from '../../src/server/ask/follow-up';
import { answerAsk } from '../../src/server/ask/answer';
import type { AskDocument } from '../../src/server/ask/documents';
import { buildAskIndex } from '../../src/server/ask/engine';
import { AskRequest, AskResponse } from '../../src/server/schemas/ask';

describe('/ask follow-ups (NLWeb context.prev)', () => {
  it('reads prev as an array or a comma-separated string', () => {
    expect(previousQuestions(['a', ' b '])).toEqual(['a', 'b']);
    expect(previousQuestions('strony www, audyt dostępności')).toEqual(['strony www', 'audyt dostępności']);
    expect(previousQuestions(undefined)).toEqual([]);
    expect(previousQuestions([1, '', 'x'])).toEqual(['x']);
  });

  it('treats a question without a topic of its own as a follow-up', () => {
    expect(isFollowUp('a ile to kosztuje?')).toBe(true);
    expect(isFollowUp('how much is it?')).toBe(true);
    expect(isFollowUp('and how long does it take')).toBe(true);
    expect(isFollowUp('ile kosztuje audyt dostępności')).toBe(false);
    expect(isFollowUp('password manager for a team')).toBe(false);
  });

  it('asks a follow-up together with the last earlier question only', () => {
    expect(decontextualize('a ile to kosztuje?', ['kopie zapasowe', 'strony internetowe dla fundacji'])).toBe('strony internetowe dla fundacji a ile to kosztuje?');
    expect(decontextualize('audyt dostępności', ['strony internetowe'])).toBeUndefined();
    expect(decontextualize('a ile to kosztuje?', [])).toBeUndefined();
  });
});

const base = 'https://example.org';
const doc = (fields: Partial<AskDocument> & Pick<AskDocument, 'id' | 'type' | 'locale' | 'key' | 'title'>): AskDocument => ({
  summary: '', url: `${base}/${fields.id}/`, source: `${base}/${fields.id}.md`, tags: [], keywords: '', body: '', ...fields,
});
const documents = [
  doc({ id: 'pricing:pl:cennik', type: 'pricing', locale: 'pl', key: 'pricing', title: 'Cennik', keywords: 'cena ceny cennik koszt kosztuje ile' }),
  doc({ id: 'pricing:pl:cennik#websites', type: 'pricing', locale: 'pl', key: 'pricing#websites', title: 'Cennik: Strony internetowe', keywords: 'cena ceny cennik koszt kosztuje ile', body: 'Strona internetowa dla fundacji' }),
  doc({ id: 'pricing:pl:cennik#it-support', type: 'pricing', locale: 'pl', key: 'pricing#it', title: 'Cennik: Obsługa IT', keywords: 'cena ceny cennik koszt kosztuje ile', body: 'Abonament obsługi informatycznej' }),
  doc({ id: 'service:pl:www', type: 'service', locale: 'pl', key: 'web', title: 'Strony internetowe', body: 'Projektujemy strony.' }),
  doc({ id: 'service:en:web', type: 'service', locale: 'en', key: 'web', title: 'Websites', body: 'We design websites.' }),
  ...Array.from({ length: 12 }, (_, at) => doc({ id: `article:pl:a${at}`, type: 'article', locale: 'pl', key: `a${at}`, title: `Strona internetowa, część ${at}`, body: 'strona '.repeat(at + 1) })),
];
const index = buildAskIndex(documents);

describe('/ask answers with NLWeb v0.54 fields', () => {
  it('completes a follow-up from context.prev and says so', () => {
    const answer = answerAsk(index, AskRequest.parse({ query: { text: 'a ile to kosztuje?' }, locale: 'pl', context: { prev: ['strony internetowe dla fundacji'] } }));
    expect(answer._meta.decontextualized_query).toBe('strony internetowe dla fundacji a ile to kosztuje?');
    expect(answer.results[0]!.id).toBe('pricing:pl:cennik#websites');
    const alone = answerAsk(index, AskRequest.parse({ query: { text: 'a ile to kosztuje?' }, locale: 'pl' }));
    expect(alone.results[0]!.id).toBe('pricing:pl:cennik');
    expect(alone._meta.decontextualized_query).toBeUndefined();
  });

  it('pages with num_results and meta.start_num, and says where the next page starts', () => {
    const request = (start: number) => AskRequest.parse({ query: { text: 'strona internetowa', num_results: 4 }, locale: 'pl', meta: { start_num: start } });
    const first = answerAsk(index, request(0));
    const second = answerAsk(index, request(4));
    const all = answerAsk(index, AskRequest.parse({ query: { text: 'strona internetowa', max_results: 8 }, locale: 'pl' }));
    expect(first.results).toHaveLength(4);
    expect([...first.results, ...second.results].map((result) => result.id)).toEqual(all.results.map((result) => result.id));
    expect(first._meta).toMatchObject({ start_num: 0, next_start_num: 4 });
    expect(second._meta).toMatchObject({ start_num: 4, next_start_num: 8 });
  });

  it('echoes prefer.response_format, ignores unknown fields and keeps the 0.2 shape', () => {
    const answer = answerAsk(
      index,
      AskRequest.parse({ query: { text: 'websites for a charity', site: 'all', itemType: 'Service' }, prefer: { response_format: 'conv_search', 'accept-language': 'en' }, meta: { api_version: '0.54', session_context: {} }, unknown: 1 }),
    );
    expect(AskResponse.parse(answer)).toEqual(answer);
    expect(answer._meta).toMatchObject({ version: '0.2', response_format: 'conv_search', locale: 'en', locale_source: 'question' });
    expect(answer.results[0]!.id).toBe('service:en:web');
  });

  it('answers in the question’s language without locale, else by Accept-Language', () => {
    expect(answerAsk(index, AskRequest.parse({ query: 'websites for a charity' }))._meta).toMatchObject({ locale: 'en', locale_source: 'question' });
    expect(answerAsk(index, AskRequest.parse({ query: 'strony dla fundacji' }))._meta).toMatchObject({ locale: 'pl', locale_source: 'question' });
    expect(answerAsk(index, AskRequest.parse({ query: 'WCAG' }), { acceptLanguage: 'en-GB,en;q=0.9' })._meta).toMatchObject({ locale: 'en', locale_source: 'accept-language' });
  });
});
