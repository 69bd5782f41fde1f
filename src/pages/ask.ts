/**
 * POST /ask: a question in plain language → ranked resources (NLWeb-style, protocol 0.2), as JSON or,
 * with prefer.streaming, as text/event-stream. OPTIONS, CORS and the rate limit are the middleware's.
 */
import type { APIRoute } from 'astro';
import { ask, askEventStream, eventStreamHeaders } from '../server/ask';
import { readBody } from '../server/http/body';
import { errorResponse, json, methodNotAllowed } from '../server/http/respond';
import { AskRequest } from '../server/schemas/ask';

export const prerender = false;

export const POST: APIRoute = async ({ request }) => {
  try {
    const input = await readBody(request, AskRequest);
    const answer = await ask(input);
    if (input.prefer?.streaming) {
      return new Response(askEventStream(answer, request.signal), { headers: eventStreamHeaders });
    }
    return json(answer, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    // The client went away while sending: nobody to answer, nothing to log.
    if (request.signal.aborted) return new Response(null, { status: 499 });
    return errorResponse(error);
  }
};

export const ALL: APIRoute = () => methodNotAllowed(['POST', 'OPTIONS']);
