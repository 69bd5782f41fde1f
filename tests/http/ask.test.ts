/**
 * /ask over real HTTP against the built server: both POST query forms, the GET form giving the same
 * answers, how-to-ask, NLWeb v0.54 fields (paging, follow-ups), every validation error, the SSE events
 * (read with eventsource-parser, the parser the MCP SDK uses) of POST and GET, absolute URLs,
 * confidence bounds, 405, OPTIONS, rate-limit headers.
 */
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadExampleQuestions } from '../../src/server/ask/example-questions';
import { AskResponse, AskResult } from '../../src/server/schemas/ask';
import { isOffTopic } from '../../src/server/schemas/content';
import { routePaths } from '../../src/server/base/urls';
import { startServer, TEST_RATE_LIMIT, type TestServer } from '../support/server';

const SITE_URL = 'http://localhost:4321';
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function answer(body: unknown): Promise<AskResponse> {
  const response = await post(body);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return AskResponse.parse(await response.json());
}

describe('POST /ask (JSON)', () => {
  it('answers the object form with a protocol 0.2 result set of absolute URLs', async () => {
    const body = await answer({ query: { text: 'kopie zapasowe' } });
    expect(body._meta).toMatchObject({ response_type: 'result_set', version: '0.2', locale: 'pl' });
    expect(body.query).toBe('kopie zapasowe');
    expect(body.results.length).toBeGreaterThan(0);
    for (const result of body.results) {
      expect(result.url.startsWith(`${SITE_URL}/`)).toBe(true);
      expect(result.source.startsWith(`${SITE_URL}/`)).toBe(true);
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
    }
    expect(body.results[0]).toMatchObject({ type: 'article', inLanguage: 'pl' });
    const confidences = body.results.map((result) => result.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
  });

  it('answers the legacy string form exactly like the object form', async () => {
    const legacy = await answer({ query: 'strony internetowe', locale: 'en' });
    const preferred = await answer({ query: { text: 'strony internetowe' }, locale: 'en' });
    expect(legacy).toEqual(preferred);
    expect(legacy._meta.locale).toBe('en');
  });

  it('answers in English with English resources', async () => {
    const body = await answer({ query: { text: 'backups ransomware' }, locale: 'en' });
    expect(body.results[0]?.inLanguage).toBe('en');
    expect(body.results[0]?.url).toMatch(new RegExp(`^${SITE_URL}/en/`));
  });

  it('accepts the extra properties NLWeb clients send', async () => {
    const body = await answer({
      query: { text: 'kontakt', site: 'all', itemType: 'Thing' },
      context: { '@type': 'ConversationalContext', prev: ['hej'] },
      prefer: { response_format: 'conv_search', 'accept-language': 'pl' },
      meta: { api_version: '0.54', session_context: { conversation_id: 'c1' } },
    });
    expect(body.results[0]?.type).toBe('contact');
  });

  it('sends the contact, consultation and pricing phrasings to their flows', async () => {
    expect((await answer({ query: 'jak się z wami skontaktować' })).results[0]).toMatchObject({ id: 'contact:pl', url: `${SITE_URL}/kontakt/` });
    expect((await answer({ query: 'book a call', locale: 'en' })).results[0]).toMatchObject({ id: 'consultation:en', url: `${SITE_URL}/en/consultation/` });
    // Our hours: a pattern, since most "opening hours" among the example questions are someone else's (off-topic).
    expect((await answer({ query: 'what are your opening hours', locale: 'en' })).results[0]).toMatchObject({ id: 'contact:en', confidence: expect.any(Number) });
    expect((await answer({ query: 'what are your opening hours', locale: 'en' })).results[0]!.confidence).toBeGreaterThanOrEqual(0.5);
    const pricing = await answer({ query: 'ile to kosztuje' });
    expect(pricing._meta.intent).toBe('pricing');
    expect(pricing.results[0]?.type).toBe('pricing');
  });

  // No pattern reads these any more: the example questions asked of the flows and prices answer them.
  it.each([
    ['jaki jest wasz telefon', 'pl', 'contact:pl'],
    ['Proszę o Państwa adres', 'pl', 'contact:pl'],
    ['what time can we phone', 'en', 'contact:en'],
    ['talk to an expert', 'en', 'consultation:en'],
    ['what are your rates', 'en', 'pricing:en:pricing'],
    ['mamy 8 tys. zł, wystarczy na stronę?', 'pl', 'pricing:pl:cennik#websites'],
    ['Mamy sześć tysięcy złotych z grantu, zmieścimy się?', 'pl', 'pricing:pl:cennik#websites'],
    ['what would a new site set us back', 'en', 'pricing:en:pricing#websites'],
    ['do we pay upfront', 'en', 'pricing:en:pricing'],
    ['cheapest option for a simple site', 'en', 'pricing:en:pricing#websites'],
    ["I'd like to talk to someone about our needs. Is that free?", 'en', 'consultation:en'],
    ['talk to someone before buying', 'en', 'consultation:en'],
    ['before signing anything I want to discuss our needs with you', 'en', 'consultation:en'],
    ['do you also look after hardware?', 'en', 'service:en:it-support'],
    // Read by patterns until 2026-12-07 (docs/decisions/ask-rules.md): the flows', the firm at work's, a service named.
    ['chcę wysłać zapytanie ofertowe', 'pl', 'contact:pl'],
    ['a no-obligation chat about our IT', 'en', 'consultation:en'],
    ['Is the first meeting free?', 'en', 'consultation:en'],
    ['Czy po pierwszej rozmowie dostanę zalecenia?', 'pl', 'consultation:pl'],
    ['projektujecie strony dla parafii?', 'pl', 'service:pl:strony-internetowe'],
    ['przenosicie pocztę do Google?', 'pl', 'service:pl:migracja-do-chmury'],
    ['Zautomatyzujcie nam obieg faktur', 'pl', 'service:pl:automatyzacja-procesow'],
    ['jak szybko reagujecie, gdy padnie laptop', 'pl', 'service:pl:obsluga-it'],
    ['co musimy przygotować, zanim zaczniecie robić stronę?', 'pl', 'service:pl:strony-internetowe'],
    ['what do we need ready before you start building our site?', 'en', 'service:en:web-design'],
    ['Czy macie taką umowę na opiekę?', 'pl', 'service:pl:obsluga-it'],
    ['accessibility audit', 'en', 'service:en:accessibility-audit'],
    ['audyt dostępności strony', 'pl', 'service:pl:audyt-dostepnosci'],
  ])('answers "%s" (%s) with %s, confidently, through the example questions', async (text, locale, id) => {
    const [first] = (await answer({ query: { text }, locale })).results;
    expect(first?.id).toBe(id);
    expect(first?.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('answers the off-topic example questions with pages only, nearly none of them confident, and publishes them nowhere', { timeout: 120_000 }, async () => {
    const offTopic = loadExampleQuestions(fileURLToPath(new URL('../../content/', import.meta.url))).filter((question) => isOffTopic(question.expected));
    expect(offTopic.length).toBeGreaterThan(100);
    // Asked as written, each meets its own copy among the neighbours, a vote for nothing; a short one
    // whose one word is a page's title word ("test") can stay confident (7 of 669 when measured).
    let confident = 0;
    for (let start = 0; start < offTopic.length; start += 8) {
      const batch = offTopic.slice(start, start + 8);
      const answers = await Promise.all(batch.map((question) => answer({ query: { text: question.query }, locale: question.locale, context: { limit: 20 } })));
      for (const body of answers) {
        if ((body.results[0]?.confidence ?? 0) >= 0.5) confident++;
        for (const result of body.results) expect(result.type).toMatch(/^(article|service|page|case_study|pricing|contact|consultation)$/);
      }
    }
    console.log(`off-topic example questions asked as written: ${confident}/${offTopic.length} with a confident answer`);
    expect(confident / offTopic.length).toBeLessThanOrEqual(0.02);
    const published = (await Promise.all([routePaths.llms, routePaths.llmsFull, '/sitemap-0.xml'].map(async (path) => (await fetch(`${server.url}${path}`)).text()))).join('\n');
    expect(published.length).toBeGreaterThan(1000);
    // A short one ("test") is in any text; a longer one there would have been published.
    expect(offTopic.filter((question) => question.query.length > 20 && published.includes(question.query)).map((question) => question.query)).toEqual([]);
  });

  it('honours context.types and context.limit', async () => {
    const body = await answer({ query: 'strony internetowe kopie zapasowe kontakt cennik', context: { types: ['article', 'service'], limit: 1 } });
    expect(body.results).toHaveLength(1);
    expect(['article', 'service']).toContain(body.results[0]!.type);
  });

  it('gives no result, not a guess, when nothing matches', async () => {
    const body = await answer({ query: { text: 'zzqxv wvvyq' } });
    expect(body.results).toEqual([]);
  });

  it('changes nothing in conversational mode and says the chat result is unavailable', async () => {
    const plain = await answer({ query: 'kopie zapasowe' });
    const conversational = await answer({ query: 'kopie zapasowe', prefer: { mode: 'conversational' } });
    expect(conversational.results).toEqual(plain.results);
    expect(conversational._meta.conversational).toBe('unavailable');
    expect(plain._meta.conversational).toBeUndefined();
  });

  it('carries the rate-limit headers', async () => {
    const response = await post({ query: 'kontakt' });
    expect(response.headers.get('x-ratelimit-limit')).toBe(TEST_RATE_LIMIT);
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeLessThan(Number(TEST_RATE_LIMIT));
  });
});

describe('POST /ask errors', () => {
  it.each([
    ['a missing query', { locale: 'pl' }, 'query'],
    ['an empty string', { query: '' }, 'query'],
    ['a blank string', { query: '   ' }, 'query'],
    ['an empty text', { query: { text: '' } }, 'query.text'],
    ['an object without text', { query: {} }, 'query'],
    ['a number as query', { query: 42 }, 'query'],
    ['a text that is not a string', { query: { text: 42 } }, 'query'],
    ['a query over 500 characters', { query: 'a'.repeat(501) }, 'query'],
    ['an unknown locale', { query: 'x', locale: 'de' }, 'locale'],
    ['a non-boolean prefer.streaming', { query: 'x', prefer: { streaming: 'yes' } }, 'prefer.streaming'],
    ['an unknown prefer.mode', { query: 'x', prefer: { mode: 'summarize' } }, 'prefer.mode'],
    ['context.limit 0', { query: 'x', context: { limit: 0 } }, 'context.limit'],
    ['context.limit 21', { query: 'x', context: { limit: 21 } }, 'context.limit'],
    ['an unknown context type', { query: 'x', context: { types: ['blog'] } }, 'context.types.0'],
    ['a context that is not an object', { query: 'x', context: 'articles' }, 'context'],
    ['a body that is an array', [{ query: 'x' }], undefined],
  ])('refuses %s with 400 validation_failed naming the field', async (_name, body, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.retryable).toBe(false);
    expect(typeof error.hint).toBe('string');
    if (field) expect(error.message).toContain(`"${field}"`);
  });

  it('refuses malformed JSON and an empty body with 400 invalid_json', async () => {
    for (const body of ['{"query": ', '']) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_json');
    }
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await post('query=kontakt', { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect((await response.json()).error.code).toBe('unsupported_media_type');
  });

  it('refuses a body over 32 KiB with 413', async () => {
    const response = await post({ query: 'x', meta: { padding: 'x'.repeat(40 * 1024) } });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('payload_too_large');
  });

  it('answers PUT and DELETE with 405 and Allow', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const response = await fetch(`${server.url}/ask`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, GET, HEAD, OPTIONS');
      expect((await response.json()).error.code).toBe('method_not_allowed');
    }
  });

  it('answers a CORS preflight with 204', async () => {
    const response = await fetch(`${server.url}/ask`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('POST /ask (streaming)', () => {
  async function events(body: unknown): Promise<{ response: Response; messages: EventSourceMessage[] }> {
    const response = await post(body, { accept: 'text/event-stream' });
    const messages: EventSourceMessage[] = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      messages.push(value);
    }
    return { response, messages };
  }

  it('streams start, one result per result and complete, each data a JSON object', async () => {
    const request = { query: { text: 'strony internetowe' }, prefer: { streaming: true } };
    const { response, messages } = await events(request);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');

    const json = await answer({ query: { text: 'strony internetowe' } });
    expect(json.results.length).toBeGreaterThan(1);
    expect(messages.map((message) => message.event)).toEqual(['start', ...json.results.map(() => 'result'), 'complete']);
    const data = messages.map((message) => JSON.parse(message.data));
    expect(data[0]).toEqual({ _meta: json._meta, query: 'strony internetowe', count: json.results.length });
    expect(data.slice(1, -1).map((item) => AskResult.parse(item))).toEqual(json.results);
    expect(data.at(-1)).toMatchObject({ count: json.results.length });
  });

  it('streams start and complete only when nothing matches', async () => {
    const { messages } = await events({ query: 'zzqxv', prefer: { streaming: true } });
    expect(messages.map((message) => message.event)).toEqual(['start', 'complete']);
  });

  it('copes with a client that leaves mid-stream and keeps answering others', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'strony internetowe kopie zapasowe hasła', prefer: { streaming: true }, context: { limit: 20 } }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^event: start/);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    expect((await answer({ query: 'kontakt' })).results[0]?.type).toBe('contact');
    expect(server.output()).not.toMatch(/internal_error|ERROR/);
  });

  it('answers a streaming request with a validation error as a JSON ErrorResponse', async () => {
    const response = await post({ query: '', prefer: { streaming: true } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('POST /ask rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ RATE_LIMIT_ASK: '2' });
  });
  afterAll(() => limited?.stop());

  it('answers 429 with Retry-After once the per-minute limit is used', async () => {
    const send = () =>
      fetch(`${limited.url}/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"kontakt"}' });
    expect((await send()).headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
    expect((await refused.json()).error).toMatchObject({ code: 'rate_limited', retryable: true });
  });
});

describe('GET /ask (NLWeb GET form) and NLWeb v0.54 fields', () => {
  const get = (query: string, headers: Record<string, string> = {}) => fetch(`${server.url}/ask?${query}`, { headers });

  it('gives the same ranked results as POST', async () => {
    for (const [text, locale] of [['ile kosztuje strona internetowa', 'pl'], ['password manager for a small team', 'en'], ['kopie zapasowe', 'en']] as const) {
      const response = await get(new URLSearchParams({ query: text, locale }).toString());
      expect(response.status).toBe(200);
      expect(AskResponse.parse(await response.json())).toEqual(await answer({ query: { text }, locale }));
    }
  });

  it('pages with num_results and start_num like POST with query.num_results and meta.start_num', async () => {
    const first = AskResponse.parse(await (await get('query=strona&locale=pl&num_results=2&start_num=0')).json());
    const second = AskResponse.parse(await (await get('query=strona&locale=pl&num_results=2&start_num=2')).json());
    const whole = await answer({ query: { text: 'strona', max_results: 4 }, locale: 'pl' });
    expect(whole.results).toHaveLength(4);
    expect([...first.results, ...second.results].map((result) => result.id)).toEqual(whole.results.map((result) => result.id));
    expect(first._meta).toMatchObject({ start_num: 0, next_start_num: 2 });
    const posted = await answer({ query: { text: 'strona', num_results: 2 }, locale: 'pl', meta: { start_num: 2 } });
    expect(posted).toEqual(second);
  });

  it('completes a follow-up from context.prev (POST) and prev (GET)', async () => {
    const posted = await answer({ query: { text: 'a ile to kosztuje?' }, locale: 'pl', context: { prev: ['potrzebujemy strony internetowej dla fundacji'] } });
    expect(posted._meta.decontextualized_query).toBe('potrzebujemy strony internetowej dla fundacji a ile to kosztuje?');
    expect(posted.results[0]?.id).toBe('pricing:pl:cennik#websites');
    const got = AskResponse.parse(await (await get(new URLSearchParams({ query: 'a ile to kosztuje?', locale: 'pl', prev: 'potrzebujemy strony internetowej dla fundacji' }).toString())).json());
    expect(got).toEqual(posted);
  });

  it('answers in the question’s language when locale is absent, else by Accept-Language', async () => {
    expect((await answer({ query: 'how can I contact you' }))._meta).toMatchObject({ locale: 'en', locale_source: 'question', intent: 'contact' });
    const byHeader = AskResponse.parse(await (await get('query=WCAG', { 'accept-language': 'en-GB,en;q=0.9' })).json());
    expect(byHeader._meta).toMatchObject({ locale: 'en', locale_source: 'accept-language' });
    expect(byHeader.results[0]?.inLanguage).toBe('en');
  });

  it('streams with streaming=true, the same events as POST', async () => {
    const read = async (response: Response) => {
      const messages: EventSourceMessage[] = [];
      const reader = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        messages.push(value);
      }
      return messages.map((message) => ({ event: message.event, data: JSON.parse(message.data) }));
    };
    const response = await get('query=strony%20internetowe&locale=pl&streaming=true');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const viaGet = await read(response);
    const viaPost = await read(await post({ query: { text: 'strony internetowe' }, locale: 'pl', prefer: { streaming: true } }));
    expect(viaGet).toEqual(viaPost);
    expect(viaGet.at(-1)?.event).toBe('complete');
  });

  it('answers how to ask when there is no query: JSON, or Markdown by Accept', async () => {
    const asJson = await fetch(`${server.url}/ask`);
    expect(asJson.status).toBe(200);
    const doc = await asJson.json();
    expect(doc.get.url).toBe(`${SITE_URL}/ask?query={question}`);
    expect(Object.keys(doc.get.parameters)).toEqual(expect.arrayContaining(['query', 'locale', 'streaming', 'num_results', 'start_num', 'prev']));
    const asMarkdown = await fetch(`${server.url}/ask`, { headers: { accept: 'text/markdown' } });
    expect(asMarkdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await asMarkdown.text()).toMatch(/^# \/ask/);
  });

  it('accepts and ignores unknown fields, and refuses bad ones with a message naming them', async () => {
    const body = await answer({ query: { text: 'kopie zapasowe', site: 'all', itemType: 'Article' }, prefer: { response_format: 'conv_search' }, meta: { api_version: '0.54' }, whatever: true });
    expect(body._meta.response_format).toBe('conv_search');
    const bad = await get('query=x&num_results=50');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain('num_results');
    const empty = await get('query=%20');
    expect(empty.status).toBe(400);
  });
});
