/** POST and GET /ask and their preflight: their documentation (path, scope and limit: http/route-table.ts). */
import { ErrorResponse } from '../schemas/common';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../http/body';
import { AskHowTo, AskQueryParameters, AskRequest, AskResponse, ASK_DEFAULT_LIMIT, ASK_MAX_LIMIT, ASK_MAX_START } from '../schemas/ask';
import type { OperationDoc } from './operation';

const description = [
  'A question in plain language, Polish or English, answered with ranked resources: articles, services, pricing',
  '(the page and each section), and the contact and consultation flows. Protocol: NLWeb-style, `_meta.version` "0.2".',
  '',
  '- `query`: `{ "text": "..." }` (preferred) or a bare string (legacy); 1–500 characters after trimming.',
  '- `locale`: `pl` or `en`. Without it, the question\'s own language (Polish letters and common words), else the',
  '  `Accept-Language` header, else `pl`; `_meta.locale_source` says which. Results come in that language; a resource',
  '  in the other language appears only when it has no translation and answers better than anything in the asked one',
  '  (`inLanguage` and `fallback: true`).',
  `- \`context\`: \`types\` (subset of article, service, pricing, contact, consultation), \`limit\` (1–${ASK_MAX_LIMIT},`,
  `  default ${ASK_DEFAULT_LIMIT}), \`tags\` (preferred tags: ranked ×1.5), \`prev\` (NLWeb: earlier questions; a follow-up that`,
  '  names no topic, like "a ile to kosztuje?", is searched together with the last one: `_meta.decontextualized_query`).',
  '- NLWeb v0.54 fields: `query.num_results` / `query.max_results` (same as `context.limit`), `meta.start_num` (paging,',
  `  0–${ASK_MAX_START}; \`_meta.start_num\`, and \`_meta.next_start_num\` when more results exist), \`prefer.response_format\``,
  '  (echoed in `_meta.response_format`; the answer keeps this 0.2 shape). Unknown fields anywhere are accepted and ignored.',
  '- `prefer.streaming: true`: `text/event-stream` with events `start` ({_meta, query, count}), one `result` per',
  '  AskResult, `complete` ({_meta, count}); every `data:` line is one JSON object.',
  '- `prefer.mode: "conversational"`: when the website chat is available, the first result is its short answer (`type: "chat"`),',
  '  grounded on the question\'s top results (listed in `sources`), with a `url` that opens the site\'s chat with the question;',
  '  `_meta.conversational` is "answered". It counts against ASK_CONVERSATIONAL_DAILY_CAP (model answers per day for /ask and /a2a, apart from the website chat\'s cap) and the caller\'s address\'s share of it (ASK_CONVERSATIONAL_DAILY_PER_ADDRESS). Otherwise the results are unchanged,',
  '  `_meta.conversational` is "unavailable" and `_meta.conversationalReason` says why (disabled, not_configured,',
  '  daily_cap_reached, model_failed, no_sources).',
  '- `confidence` (0–1): how likely the resource is the right answer, calibrated on questions the index has not seen',
  '  (the first result is right about 96% of the time when it is ≥ 0.5). **At or above 0.5 the answer is confident; when',
  '  no result reaches 0.5, nothing on the site matches for certain**: show the results as guesses, or say so. Off-topic',
  '  questions (a recipe, the weather) get no confident result, or `results: []` when no word matches at all. Results',
  '  rank by relevance and never grow more confident down the list. A recognised contact or consultation request ranks',
  '  that flow first (`_meta.intent`), confident when the rest of the question is about the site.',
].join('\n');

const example = {
  _meta: { response_type: 'result_set', version: '0.2', locale: 'pl', locale_source: 'request', intent: 'contact' },
  query: 'jak się z wami skontaktować',
  results: [
    {
      id: 'contact:pl',
      type: 'contact',
      title: 'Kontakt',
      url: 'https://example.org/kontakt/',
      summary: 'Napisz przez formularz kontaktowy lub na kontakt@example.com.',
      confidence: 0.9,
      source: 'https://example.org/kontakt/',
      inLanguage: 'pl',
    },
  ],
};

const errors = {
  400: { description: `Invalid JSON, JSON nested deeper than ${MAX_JSON_DEPTH} levels, or a field breaks a rule (the message names it).`, schema: ErrorResponse },
  413: { description: `The body is larger than ${MAX_BODY_BYTES / 1024} KiB.`, schema: ErrorResponse },
  415: { description: 'The body is not application/json.', schema: ErrorResponse },
  429: {
    description: 'Too many questions from this client (RATE_LIMIT_ASK per minute, default 60).',
    schema: ErrorResponse,
    headers: { 'Retry-After': 'Seconds to wait.' },
  },
};

/** The stream of prefer.streaming (read by the API catalog generator where Operation has `streaming`). */
const stream = { streaming: { contentType: 'text/event-stream', events: ['start', 'result', 'complete'] } };

export const ask: OperationDoc = {
  operationId: 'ask',
  summary: 'Ask a question in plain language; get ranked resources',
  description,
  tags: ['ask'],
  ...stream,
  request: {
    schema: AskRequest,
    contentTypes: ['application/json'],
    example: { query: { text: 'jak się z wami skontaktować' }, locale: 'pl', context: { limit: 3 } },
  },
  responses: {
    200: {
      description: 'Ranked resources (JSON), or with prefer.streaming the same as text/event-stream events start, result…, complete.',
      schema: AskResponse,
      example,
    },
    ...errors,
  },
};

export const askGet: OperationDoc = {
  operationId: 'askGet',
  summary: 'Ask by GET (NLWeb GET form); without a question, how to ask',
  description: [
    'The same question and answer as POST /ask, with the fields as query parameters: `query`, `locale`, `streaming`,',
    '`num_results` (or `max_results`, `limit`), `start_num`, `prev` (repeatable or comma-separated), `types`, `tags`,',
    '`mode`, `response_format`. Same ranked results as POST for the same fields; `streaming=true` answers with the same',
    'text/event-stream events. Without `query`: how to ask, as JSON (AskHowTo) or, with `Accept: text/markdown`, as Markdown.',
  ].join('\n'),
  tags: ['ask'],
  ...stream,
  query: AskQueryParameters,
  responses: {
    200: {
      description: 'With `query`: ranked resources (AskResponse JSON, or the SSE events with streaming=true). Without: how to ask (AskHowTo, or text/markdown by Accept).',
      schema: AskResponse.or(AskHowTo),
      example,
    },
    400: { description: 'A parameter breaks a rule (the message names it), e.g. an empty query or num_results over 20.', schema: ErrorResponse },
    429: errors[429],
  },
};

export const preflight: OperationDoc = {
  operationId: 'askPreflight',
  summary: 'CORS preflight for /ask',
  tags: ['ask'],
  responses: { 204: { description: 'Allowed: any origin, GET and POST, Content-Type.' } },
};
