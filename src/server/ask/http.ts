/**
 * The HTTP edges of /ask that are not JSON bodies: the NLWeb GET form (query-string parameters → the
 * same AskRequest as POST), and what `GET /ask` without a question answers: how to ask, as JSON or
 * Markdown by Accept.
 */
import { constantDocument } from '../http/document';
import type { Handler } from '../http/endpoint';
import { negotiate, mediaTypes } from '../http/negotiate';
import { ASK_DEFAULT_LIMIT, ASK_MAX_LIMIT, ASK_MAX_START, askResultTypes } from '../schemas/ask.ts';
import { getSettings } from '../base/settings';

const truthy = new Set(['true', '1', 'yes']);
const list = (value: string | null) => (value === null ? undefined : value.split(',').map((part) => part.trim()).filter(Boolean));
/** A whole number stays a number for the schema's checks; anything else goes as text, so the error names it. */
const number = (value: string | null) => (value === null ? undefined : /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : value);

/** True when the query string asks a question (else GET /ask answers how to ask). */
export function hasQuestion(url: URL): boolean {
  return url.searchParams.has('query');
}

/** `?query=…&locale=…&streaming=true&num_results=…&start_num=…&prev=…` → the body POST would take. */
export function askRequestFromSearchParams(parameters: URLSearchParams): Record<string, unknown> {
  const prev = parameters.getAll('prev');
  const count = number(parameters.get('num_results') ?? parameters.get('max_results') ?? parameters.get('limit'));
  const drop = <T extends Record<string, unknown>>(object: T) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
  const context = drop({
    types: list(parameters.get('types')),
    tags: list(parameters.get('tags')),
    // Repeated prev parameters are the list; a single one may be NLWeb's comma-separated string.
    prev: prev.length > 1 ? prev : prev[0],
  });
  const prefer = drop({
    streaming: parameters.has('streaming') ? truthy.has((parameters.get('streaming') ?? '').toLowerCase()) : undefined,
    mode: parameters.get('mode') ?? undefined,
    response_format: parameters.get('response_format') ?? undefined,
  });
  const meta = drop({ start_num: number(parameters.get('start_num')) });
  return drop({
    query: drop({ text: parameters.get('query') ?? '', num_results: count }),
    locale: parameters.get('locale') ?? undefined,
    context: Object.keys(context).length ? context : undefined,
    prefer: Object.keys(prefer).length ? prefer : undefined,
    meta: Object.keys(meta).length ? meta : undefined,
  });
}

/** GET /ask with no question: how to ask, for people and agents that followed a link to /ask. */
export function howToAsk(siteUrl: string) {
  const endpoint = `${siteUrl}/ask`;
  return {
    name: 'ask',
    description:
      'Ask a question in plain language, Polish or English, and get the site’s best resources for it (articles, services, prices, contact and consultation), ranked, with a confidence. NLWeb-style, _meta.version "0.2".',
    get: {
      url: `${endpoint}?query={question}`,
      parameters: {
        query: 'The question (1–500 characters). Required.',
        locale: 'pl or en. Without it the question’s own language is used, else Accept-Language, else pl.',
        streaming: 'true: the answer as text/event-stream (events start, result…, complete). Default false: JSON.',
        num_results: `Results per page, 1–${ASK_MAX_LIMIT} (default ${ASK_DEFAULT_LIMIT}); max_results and limit are aliases.`,
        start_num: `Skip this many results (0–${ASK_MAX_START}); the answer's _meta.next_start_num gives the next page.`,
        prev: 'Earlier questions of the conversation (repeat the parameter, or one comma-separated value): a follow-up like "a ile to kosztuje?" is completed from the last one.',
        types: `Comma-separated kinds to keep: ${askResultTypes.join(', ')}.`,
        tags: 'Comma-separated tags to prefer.',
      },
      example: `${endpoint}?query=${encodeURIComponent('ile kosztuje strona internetowa')}&locale=pl`,
    },
    post: {
      url: endpoint,
      contentType: 'application/json',
      example: { query: { text: 'how can I contact you', num_results: 3 }, locale: 'en', context: { prev: [] }, meta: { start_num: 0 } },
    },
    documentation: { openapi: `${siteUrl}/openapi.json`, api: `${siteUrl}/api` },
  };
}

export function howToAskMarkdown(siteUrl: string): string {
  const doc = howToAsk(siteUrl);
  return [
    '# /ask — questions in plain language',
    '',
    doc.description,
    '',
    '## GET',
    '',
    `\`${doc.get.url}\``,
    '',
    ...Object.entries(doc.get.parameters).map(([name, meaning]) => `- \`${name}\`: ${meaning}`),
    '',
    `Example: ${doc.get.example}`,
    '',
    '## POST',
    '',
    `\`POST ${doc.post.url}\` with \`Content-Type: application/json\`:`,
    '',
    '```json',
    JSON.stringify(doc.post.example, null, 2),
    '```',
    '',
    `The request and answer fields: ${doc.documentation.openapi} (operation \`ask\`), ${doc.documentation.api}.`,
    '',
  ].join('\n');
}

const howToCache = 'public, max-age=3600';
const howToJson = constantDocument(() => howToAsk(getSettings().SITE_URL), { cacheControl: howToCache });
const howToMarkdown = constantDocument(() => howToAskMarkdown(getSettings().SITE_URL), { contentType: mediaTypes.markdown, cacheControl: howToCache });

/** GET /ask without a question: the how-to-ask document (constant; JSON, or Markdown by Accept). */
export const howToAskDocument: Handler = async (context) => {
  const markdown = negotiate(context.request.headers.get('accept')) === 'markdown';
  const response = await (markdown ? howToMarkdown : howToJson)(context);
  response.headers.set('Vary', 'Accept');
  return response;
};
