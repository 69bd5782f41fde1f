/**
 * One Astro `ALL` handler per endpoint file: dispatches on the method, answers 405 with `Allow` for
 * the others (Astro itself would answer 404 to a method without a handler), answers HEAD through GET,
 * and turns anything thrown into an ErrorResponse. Endpoint files stay "parse, call, respond".
 */
import type { APIContext, APIRoute } from 'astro';
import { errorResponse, methodNotAllowed } from './respond';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Handler = (context: APIContext) => Response | Promise<Response>;

export function endpoint(handlers: Partial<Record<Method, Handler>>): APIRoute {
  const methods = Object.keys(handlers) as Method[];
  // OPTIONS is answered by the middleware (CORS preflight); HEAD mirrors GET.
  const allow = [...methods, ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'];
  return async (context) => {
    const method = context.request.method.toUpperCase();
    const handler = method === 'HEAD' ? handlers.GET : handlers[method as Method];
    if (!handler) return methodNotAllowed(allow);
    try {
      const response = await handler(context);
      return method === 'HEAD' ? new Response(null, response) : response;
    } catch (error) {
      return errorResponse(error);
    }
  };
}
