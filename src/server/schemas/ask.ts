/**
 * POST /ask (the NLWeb-style natural-language query, protocol version 0.2): the request, one
 * result and the answer. Extra properties are allowed where the spec allows them (NLWeb clients send
 * `query.site`, `context.prev`, `prefer.response_format`, `meta.api_version`…); they are kept and ignored.
 */
import { z } from 'zod';
import { Locale } from './common.ts';

export const ASK_PROTOCOL_VERSION = '0.2';
export const ASK_MAX_QUERY_LENGTH = 500;
export const ASK_DEFAULT_LIMIT = 5;
export const ASK_MAX_LIMIT = 20;

export const askResultTypes = ['article', 'service', 'pricing', 'contact', 'consultation'] as const;
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
      z.looseObject({ text: QueryText.describe('The question in plain language (1–500 characters).') }),
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
      .describe('Only these kinds of resources (article, service, pricing, contact, consultation).'),
    limit: z.number().int().min(1).max(ASK_MAX_LIMIT).optional().describe(`Most results to return (1–${ASK_MAX_LIMIT}, default ${ASK_DEFAULT_LIMIT}).`),
    tags: z
      .array(z.string().min(1).max(60))
      .max(10)
      .optional()
      .describe('Prefer resources with any of these tags (articles and services): they rank higher, others still appear.'),
  })
  .describe('Ranking and response shaping. Other properties (e.g. NLWeb `prev`) are accepted and ignored.');

export const AskPrefer = z
  .looseObject({
    streaming: z.boolean().optional().describe('true: answer as text/event-stream (events start, result, complete).'),
    mode: z
      .enum(['conversational'])
      .optional()
      .describe('conversational: prepend a website-chat result when the chat is available (see _meta.conversational).'),
  })
  .describe('How the caller wants the answer.');

export const AskRequest = z
  .looseObject({
    query: AskQuery,
    locale: Locale.describe('Language to answer in: pl (default) or en.'),
    context: AskContext.optional(),
    prefer: AskPrefer.optional(),
    meta: z.looseObject({}).optional().describe('Caller metadata (NLWeb `meta`); accepted and ignored.'),
  })
  .meta({ id: 'AskRequest' });
export type AskRequest = z.output<typeof AskRequest>;

/** The question text of either query form. */
export function queryText(request: Pick<AskRequest, 'query'>): string {
  return typeof request.query === 'string' ? request.query : request.query.text;
}

export const AskResult = z
  .object({
    id: z.string().describe('Stable id, e.g. article:pl:kopie-zapasowe-3-2-1 or contact:en.'),
    type: AskResultType,
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
    source: z.url().describe('Absolute URL of the document the answer is grounded on: the Markdown twin of an article, service or pricing page; the page itself for the contact and consultation flows.'),
    inLanguage: z.enum(['pl', 'en']).describe('Language of the resource.'),
    fallback: z
      .boolean()
      .optional()
      .describe('true when the resource is in the other language because it answers the question better than anything in the asked one.'),
  })
  .meta({ id: 'AskResult' });
export type AskResult = z.output<typeof AskResult>;

export const AskMeta = z.object({
  response_type: z.literal('result_set'),
  version: z.literal(ASK_PROTOCOL_VERSION),
  locale: z.enum(['pl', 'en']).describe('Language the question was answered in.'),
  intent: z
    .enum(['contact', 'consultation', 'pricing'])
    .optional()
    .describe('The flow the question asks for, when one was recognised.'),
  conversational: z
    .literal('unavailable')
    .optional()
    .describe('Present when prefer.mode was conversational: no website-chat result is given (the chat is not available to /ask yet); the results are the same as without it.'),
});

export const AskResponse = z
  .object({
    _meta: AskMeta,
    query: z.string().describe('The question text as understood (trimmed).'),
    results: z.array(AskResult).describe('Ranked resources, best first.'),
  })
  .meta({ id: 'AskResponse' });
export type AskResponse = z.output<typeof AskResponse>;
