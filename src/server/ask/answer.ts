/**
 * A validated AskRequest → the AskResponse of protocol 0.2 (pure: the index is passed in), and the
 * same answer as Server-Sent Events (start, one result per result, complete).
 */
import {
  ASK_DEFAULT_LIMIT,
  ASK_PROTOCOL_VERSION,
  queryText,
  type AskRequest,
  type AskResponse,
  type AskResult,
} from '../schemas/ask.ts';
import type { AskIndex, RankedDocument } from './engine.ts';

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

export function answerAsk(index: AskIndex, request: AskRequest): AskResponse {
  const text = queryText(request);
  const { results, intent } = index.search({
    text,
    locale: request.locale,
    types: request.context?.types,
    tags: request.context?.tags,
    limit: request.context?.limit ?? ASK_DEFAULT_LIMIT,
  });
  return {
    _meta: {
      response_type: 'result_set',
      version: ASK_PROTOCOL_VERSION,
      locale: request.locale,
      ...(intent ? { intent } : {}),
      // No chat result exists for /ask yet: say so instead of pretending (PROTOCOLS.md §6, issue 6 item 4).
      ...(request.prefer?.mode === 'conversational' ? { conversational: 'unavailable' as const } : {}),
    },
    query: text,
    results: results.map(toResult),
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
