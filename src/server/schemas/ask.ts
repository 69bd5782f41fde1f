/**
 * POST /ask (the NLWeb-style natural-language query, protocol version 0.2): the request, one
 * result and the answer. Extra properties are allowed where the API allows them (NLWeb clients send
 * `query.site`, `context.prev`, `prefer.response_format`, `meta.api_version`…); they are kept and ignored.
 */
import { z } from 'zod';

export const ASK_PROTOCOL_VERSION = '0.2';
export const ASK_MAX_QUERY_LENGTH = 500;
export const ASK_DEFAULT_LIMIT = 5;
export const ASK_MAX_LIMIT = 20;
/** Paging (NLWeb meta.start_num) reaches this far down the ranking. */
export const ASK_MAX_START = 100;

const ResultCount = z.number().int().min(1).max(ASK_MAX_LIMIT);

export const askResultTypes = ['article', 'service', 'pricing', 'contact', 'consultation', 'page', 'case_study'] as const;
export const AskResultType = z.enum(askResultTypes).describe('Kind of resource.');
export type AskResultType = z.output<typeof AskResultType>;

const QueryText = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(ASK_MAX_QUERY_LENGTH, { error: `must be at most ${ASK_MAX_QUERY_LENGTH} characters` });

export const AskQuery = z
  .union(
    [
      z.looseObject({
        text: QueryText.describe('The question in plain language (1–500 characters).'),
        num_results: ResultCount.optional().describe(`NLWeb v0.54: most results to return (1–${ASK_MAX_LIMIT}); same as context.limit.`),
        max_results: ResultCount.optional().describe('NLWeb v0.54 alias of num_results.'),
      }),
      QueryText.describe('Legacy form: the question as a bare string.'),
    ],
    {
      error: (issue) =>
        issue.input === undefined
          ? 'is required: send { "text": "your question" } or a non-empty string'
          : typeof issue.input === 'object' && issue.input !== null
            ? 'must have "text", a non-empty string'
            : 'must be an object { text } or a non-empty string',
    },
  )
  .describe('The question: `{ "text": "..." }` (preferred) or a bare string (legacy).');

export const AskContext = z
  .looseObject({
    types: z
      .array(AskResultType)
      .min(1)
      .optional()
      .describe('Only these kinds of resources (article, service, pricing, contact, consultation, case_study, page: about, privacy policy, webhooks, the lists of articles and case studies, the newsletter sign-up).'),
    limit: z.number().int().min(1).max(ASK_MAX_LIMIT).optional().describe(`Most results to return (1–${ASK_MAX_LIMIT}, default ${ASK_DEFAULT_LIMIT}).`),
    tags: z
      .array(z.string().min(1).max(60))
      .max(10)
      .optional()
      .describe('Prefer resources with any of these tags (articles and services): they rank higher, others still appear.'),
    prev: z
      .union([z.array(z.string().max(ASK_MAX_QUERY_LENGTH)).max(20), z.string().max(4000)])
      .optional()
      .describe('NLWeb: earlier questions of the conversation, oldest first (array, or a comma-separated string). A follow-up that names no topic of its own ("a ile to kosztuje?") is asked together with the last of them; see _meta.decontextualized_query.'),
  })
  .describe('Ranking and response shaping. Other properties (NLWeb `@type`, `memory`…) are accepted and ignored.');

export const AskPrefer = z
  .looseObject({
    streaming: z.boolean().optional().describe('true: answer as text/event-stream (events start, result, complete).'),
    mode: z
      .enum(['conversational'])
      .optional()
      .describe('conversational: prepend a website-chat result when the chat is available (see _meta.conversational).'),
    response_format: z
      .string()
      .max(40)
      .optional()
      .describe('NLWeb v0.54 (`chatgpt_app`, `conv_search`…): accepted and echoed in _meta.response_format; the answer keeps the 0.2 shape.'),
  })
  .describe('How the caller wants the answer.');

export const AskRequest = z
  .looseObject({
    query: AskQuery,
    locale: z
      .enum(['pl', 'en'])
      .optional()
      .describe("Language to answer in. Without it: the question's language when it shows (Polish letters, common words), else the Accept-Language header, else pl."),
    context: AskContext.optional(),
    prefer: AskPrefer.optional(),
    meta: z
      .looseObject({
        start_num: z.number().int().min(0).max(ASK_MAX_START).optional().describe(`NLWeb v0.54 paging: skip this many results (0–${ASK_MAX_START}); _meta.next_start_num says where the next page starts.`),
      })
      .optional()
      .describe('Caller metadata (NLWeb `meta`): start_num is used; api_version, session_context and the rest are accepted and ignored.'),
  })
  .meta({ id: 'AskRequest' });
export type AskRequest = z.output<typeof AskRequest>;

/** The question text of either query form. */
export function queryText(request: Pick<AskRequest, 'query'>): string {
  return typeof request.query === 'string' ? request.query : request.query.text;
}

/** How many results: NLWeb query.num_results / max_results, else context.limit, else the default. */
export function resultCount(request: Pick<AskRequest, 'query' | 'context'>): number {
  const query = typeof request.query === 'string' ? undefined : request.query;
  return query?.num_results ?? query?.max_results ?? request.context?.limit ?? ASK_DEFAULT_LIMIT;
}

export const AskResult = z
  .object({
    id: z.string().describe('Stable id, e.g. article:pl:kopie-zapasowe-3-2-1 or contact:en.'),
    type: z
      .enum([...askResultTypes, 'chat'])
      .describe('Kind of resource; "chat" is the website-chat answer of conversational mode (first, when given).'),
    title: z.string(),
    url: z.url().describe('Absolute URL of the page.'),
    summary: z.string(),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .describe(
        "0–1: the IDF-weighted share of the question's informative words this resource contains (exact title/tag words count fully, body-only or typo-tolerant matches less), scaled by its score relative to the best result; comparable across questions, near 0 when nothing matches.",
      ),
    source: z.url().describe('Absolute URL of the document the answer is grounded on: the Markdown twin of an article, service, pricing or other page; the page itself for the contact and consultation flows.'),
    inLanguage: z.enum(['pl', 'en']).describe('Language of the resource.'),
    fallback: z
      .boolean()
      .optional()
      .describe('true when the resource is in the other language because it answers the question better than anything in the asked one.'),
    sources: z
      .array(z.url())
      .optional()
      .describe('type "chat" only: the pages the answer is grounded on (the question\'s top results).'),
  })
  .meta({ id: 'AskResult' });
export type AskResult = z.output<typeof AskResult>;

export const AskMeta = z.object({
  response_type: z.literal('result_set'),
  version: z.literal(ASK_PROTOCOL_VERSION),
  locale: z.enum(['pl', 'en']).describe('Language the question was answered in.'),
  locale_source: z
    .enum(['request', 'question', 'accept-language', 'default'])
    .describe("Where the answer's language came from: the request's locale, the question's own language, the Accept-Language header, or the default (pl)."),
  intent: z
    .enum(['contact', 'consultation', 'pricing'])
    .optional()
    .describe('The flow the question asks for, when one was recognised.'),
  conversational: z
    .enum(['answered', 'unavailable'])
    .optional()
    .describe('Present when prefer.mode was conversational: "answered" when the first result is the website chat\'s answer (type "chat"); "unavailable" when none could be given (see conversationalReason) and the results are the same as without it.'),
  conversationalReason: z
    .enum(['disabled', 'not_configured', 'daily_cap_reached', 'model_failed', 'no_sources'])
    .optional()
    .describe('Why there is no website-chat result: the chat is switched off or has no model, today\'s chat cap is spent, the model failed or did not answer in time, or no page matched the question to ground an answer on.'),
  decontextualized_query: z
    .string()
    .optional()
    .describe('NLWeb: the question as searched when it was a follow-up completed from context.prev.'),
  start_num: z.number().int().optional().describe('NLWeb paging: the position of the first result (present when meta.start_num was sent).'),
  next_start_num: z.number().int().optional().describe('NLWeb paging: start_num of the next page, when there are more results.'),
  response_format: z.string().optional().describe('The prefer.response_format the caller asked for, echoed (the answer keeps this shape).'),
});

export const AskResponse = z
  .object({
    _meta: AskMeta,
    query: z.string().describe('The question text as understood (trimmed).'),
    results: z.array(AskResult).describe('Ranked resources, best first.'),
  })
  .meta({ id: 'AskResponse' });
export type AskResponse = z.output<typeof AskResponse>;

/** GET /ask: the NLWeb GET form, the same fields as POST as query parameters (src/server/ask/http.ts). */
export const AskQueryParameters = z
  .object({
    query: z.string().optional().describe('The question (1–500 characters). Without it, GET /ask answers how to ask (AskHowTo, or Markdown with Accept: text/markdown).'),
    locale: z.enum(['pl', 'en']).optional().describe("Language to answer in; without it the question's own, else Accept-Language, else pl."),
    streaming: z.enum(['true', 'false', '1', '0']).optional().describe('true: text/event-stream (events start, result…, complete). Default: JSON.'),
    num_results: z.string().optional().describe(`Results per page, 1–${ASK_MAX_LIMIT} (default ${ASK_DEFAULT_LIMIT}); max_results and limit are aliases.`),
    max_results: z.string().optional().describe('Alias of num_results.'),
    start_num: z.string().optional().describe(`Skip this many results (0–${ASK_MAX_START}); _meta.next_start_num gives the next page.`),
    prev: z.string().optional().describe('Earlier questions (repeat the parameter, or one comma-separated value): a follow-up is completed from the last one.'),
    types: z.string().optional().describe('Comma-separated kinds to keep: article, service, pricing, contact, consultation, page.'),
    tags: z.string().optional().describe('Comma-separated tags to prefer.'),
    mode: z.enum(['conversational']).optional().describe('As prefer.mode.'),
    response_format: z.string().optional().describe('As prefer.response_format (echoed).'),
  })
  .meta({ id: 'AskQueryParameters' });

export const AskHowTo = z
  .object({
    name: z.literal('ask'),
    description: z.string(),
    get: z.object({ url: z.string(), parameters: z.record(z.string(), z.string()), example: z.url() }),
    post: z.object({ url: z.url(), contentType: z.literal('application/json'), example: z.unknown() }),
    documentation: z.object({ openapi: z.url(), api: z.url() }),
  })
  .describe('How to ask: what GET /ask answers without a question.')
  .meta({ id: 'AskHowTo' });
