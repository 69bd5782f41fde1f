/**
 * /ask: a question in plain language → ranked resources (NLWeb-style, protocol 0.2). POST takes a
 * JSON body; GET takes the same fields as query parameters (NLWeb's GET form) and, without `query`,
 * answers how to ask (JSON or Markdown by Accept). JSON, or text/event-stream with streaming.
 * OPTIONS, CORS and the rate limit are the middleware's.
 */
import { ask, askEventStream, eventStreamHeaders } from '../server/ask';
import { askRequestFromSearchParams, hasQuestion, howToAskDocument } from '../server/ask/http';
import { readBody, validate } from '../server/http/body';
import type { Caller } from '../server/http/caller';
import { endpoint } from '../server/http/endpoint';
import { keptJson } from '../server/http/respond';
import { AskRequest } from '../server/schemas/ask';

export const prerender = false;

async function answer(request: Request, input: AskRequest, caller: Caller | undefined): Promise<Response> {
  const response = await ask(input, { acceptLanguage: request.headers.get('accept-language') }, request.signal, caller);
  if (input.prefer?.streaming) return new Response(askEventStream(response, request.signal), { headers: eventStreamHeaders });
  // ask() keeps its answers: the same object for the same question, encoded once.
  return keptJson(response, { headers: { 'Cache-Control': 'no-store', Vary: 'Accept-Language' } });
}

export const ALL = endpoint({
  POST: async ({ request, locals }) => answer(request, await readBody(request, AskRequest), locals.caller),
  GET: async (context) => {
    if (!hasQuestion(context.url)) return howToAskDocument(context);
    return answer(context.request, validate(AskRequest, askRequestFromSearchParams(context.url.searchParams)), context.locals.caller);
  },
});
