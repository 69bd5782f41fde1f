/** GET /api/chat/status: whether the chat can answer now (nothing secret). */
import { chatStatus } from '../../../server/chat/status';
import { endpoint } from '../../../server/http/endpoint';
import { json } from '../../../server/http/respond';

export const prerender = false;

export const ALL = endpoint({
  GET: async ({ locals }) => json(await chatStatus(undefined, locals.caller), { headers: { 'Cache-Control': 'no-store' } }),
});
