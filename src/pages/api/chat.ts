/** POST /api/chat: ChatRequest → the AI SDK UI message stream (OPTIONS is the middleware's preflight). */
import { answerChat } from '../../server/chat';
import { endpoint } from '../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({
  POST: ({ request, locals }) => answerChat({ request, requestId: request.headers.get('x-request-id') ?? undefined, caller: locals.caller }),
});
