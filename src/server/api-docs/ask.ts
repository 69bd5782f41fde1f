/** POST /ask (and its preflight) for /openapi.json and GET /api. */
import { ErrorResponse } from '../schemas/common';
import { AskRequest, AskResponse, ASK_DEFAULT_LIMIT, ASK_MAX_LIMIT } from '../schemas/ask';
import type { Operation } from './operation';

const description = [
  'A question in plain language, Polish or English, answered with ranked resources: articles, services, pricing',
  '(the page and each section), and the contact and consultation flows. Protocol: NLWeb-style, `_meta.version` "0.2".',
  '',
  '- `query`: `{ "text": "..." }` (preferred) or a bare string (legacy); 1–500 characters after trimming.',
  '- `locale`: `pl` (default) or `en`. Results come in that language; a resource in the other language appears only',
  '  when it has no translation and answers better than anything in the asked one (`inLanguage` and `fallback: true`).',
  `- \`context\`: \`types\` (subset of article, service, pricing, contact, consultation), \`limit\` (1–${ASK_MAX_LIMIT},`,
  `  default ${ASK_DEFAULT_LIMIT}), \`tags\` (preferred tags: ranked ×1.5). Other properties (NLWeb \`prev\`…) are ignored.`,
  '- `prefer.streaming: true`: `text/event-stream` with events `start` ({_meta, query, count}), one `result` per',
  '  AskResult, `complete` ({_meta, count}); every `data:` line is one JSON object.',
  '- `prefer.mode: "conversational"`: no website-chat result is available to /ask yet, so results are unchanged and',
  '  `_meta.conversational` is "unavailable".',
  '- `confidence` (0–1): the IDF-weighted share of the question\'s informative words the resource contains (title,',
  '  tag and keyword words count fully, summary 0.85, body 0.65, typo or prefix matches ×0.75), times 0.5 + 0.5 ×',
  '  its score relative to the best result. Comparable across questions; results under 0.1 are left out, so a',
  '  question with no matching word gets `results: []`. A recognised contact or consultation request ranks that',
  '  flow first with confidence ≥ 0.9 (`_meta.intent`).',
].join('\n');

const example = {
  _meta: { response_type: 'result_set', version: '0.2', locale: 'pl', intent: 'contact' },
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
  400: { description: 'Invalid JSON or a field breaks a rule (the message names it).', schema: ErrorResponse },
  413: { description: 'The body is larger than 32 KiB.', schema: ErrorResponse },
  415: { description: 'The body is not application/json.', schema: ErrorResponse },
  429: {
    description: 'Too many questions from this client (RATE_LIMIT_ASK per minute, default 60).',
    schema: ErrorResponse,
    headers: { 'Retry-After': 'Seconds to wait.' },
  },
};

/** The stream of prefer.streaming (read by the API catalog generator where Operation has `streaming`). */
const stream = { streaming: { contentType: 'text/event-stream', events: ['start', 'result', 'complete'] } };

export const operations: Operation[] = [
  {
    method: 'POST',
    path: '/ask',
    operationId: 'ask',
    summary: 'Ask a question in plain language; get ranked resources',
    description,
    tags: ['ask'],
    scopes: ['ask:query'],
    rateLimit: 'ask',
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
  },
  {
    method: 'OPTIONS',
    path: '/ask',
    operationId: 'askPreflight',
    summary: 'CORS preflight for /ask',
    tags: ['ask'],
    scopes: [],
    responses: { 204: { description: 'Allowed: any origin, POST, Content-Type.' } },
  },
];
