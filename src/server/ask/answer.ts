/**
 * A validated AskRequest → the AskResponse of protocol 0.2 (pure: the index is passed in), and the
 * same answer as Server-Sent Events (start, one result per result, complete).
 */
import {
  ASK_PROTOCOL_VERSION,
  queryText,
  resultCount,
  type AskRequest,
  type AskResponse,
  type AskResult,
} from '../schemas/ask.ts';
import type { AskIndex, RankedDocument } from './engine.ts';
import { decontextualize, previousQuestions } from './follow-up.ts';
import { chooseLocale } from './language.ts';

/** What the HTTP request adds to the body: the caller's Accept-Language (for a request without locale). */
export interface AskHints {
  acceptLanguage?: string | null;
}

function toResult({ document, confidence, fallback }: RankedDocument): AskResult {
  return {
    id: document.id,
    type: document.type,
    title: document.title,
    url: document.url,
    summary: document.summary,
    confidence,
    source: document.source,
    inLanguage: document.locale,
    ...(fallback ? { fallback: true } : {}),
  };
}

export function answerAsk(index: AskIndex, request: AskRequest, hints: AskHints = {}): AskResponse {
  const text = queryText(request);
  // NLWeb context.prev: a follow-up naming no topic is asked with the last earlier question.
  const prev = previousQuestions(request.context?.prev);
  const decontextualized = decontextualize(text, prev);
  const searched = decontextualized ?? text;
  const { locale, source } = chooseLocale(request.locale, searched, hints.acceptLanguage);
  const count = resultCount(request);
  const start = request.meta?.start_num ?? 0;
  // One more than the page, to tell whether a next page exists.
  const { results, intent } = index.search({
    text: searched,
    locale,
    types: request.context?.types,
    tags: request.context?.tags,
    limit: start + count + 1,
  });
  const page = results.slice(start, start + count);
  const more = results.length > start + count;
  return {
    _meta: {
      response_type: 'result_set',
      version: ASK_PROTOCOL_VERSION,
      locale,
      locale_source: source,
      ...(intent ? { intent } : {}),
      // The ranking alone has no chat result; conversational.ts adds it when it can.
      ...(request.prefer?.mode === 'conversational' ? { conversational: 'unavailable' as const } : {}),
      ...(decontextualized ? { decontextualized_query: decontextualized } : {}),
      ...(request.meta?.start_num !== undefined ? { start_num: start } : {}),
      ...(more ? { next_start_num: start + count } : {}),
      ...(request.prefer?.response_format ? { response_format: request.prefer.response_format } : {}),
    },
    query: text,
    results: page.map(toResult),
  };
}

export const eventStreamHeaders = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

function event(name: string, id: number, data: unknown): string {
  return `event: ${name}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The answer as SSE: `start` ({_meta, query, count}), one `result` per AskResult, then `complete`
 * ({count}). One event per pull, so a slow reader is not flooded, and nothing more is produced once
 * the client has gone (the signal aborts or the stream is cancelled).
 */
export function askEventStream(response: AskResponse, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const events = [
    event('start', 0, { _meta: response._meta, query: response.query, count: response.results.length }),
    ...response.results.map((result, index) => event('result', index + 1, result)),
    event('complete', response.results.length + 1, { _meta: response._meta, count: response.results.length }),
  ];
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (signal?.aborted || next >= events.length) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(events[next++]!));
      if (next >= events.length) controller.close();
    },
    cancel() {
      next = events.length;
    },
  });
}
