/**
 * One Astro `ALL` handler per endpoint file: dispatches on the method, answers 405 with `Allow` for
 * the others (Astro itself would answer 404 to a method without a handler), answers HEAD through GET,
 * and turns anything thrown into an ErrorResponse. Endpoint files stay "parse, call, respond".
 */
import type { APIContext, APIRoute } from 'astro';
import { errorResponse, methodNotAllowed } from './respond';
import { routeFor } from './route-table';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Handler = (context: APIContext) => Response | Promise<Response>;

export function endpoint(handlers: Partial<Record<Method, Handler>>): APIRoute {
  const methods = Object.keys(handlers) as Method[];
  return async (context) => {
    const method = context.request.method.toUpperCase();
    const handler = method === 'HEAD' ? handlers.GET : handlers[method as Method];
    if (!handler) return methodNotAllowed(allowed(context.url.pathname, methods));
    try {
      const response = await handler(context);
      return method === 'HEAD' ? new Response(null, response) : response;
    } catch (error) {
      // The client went away while sending: nobody to answer, nothing to log.
      if (context.request.signal.aborted) return new Response(null, { status: 499 });
      return errorResponse(error);
    }
  };
}

/**
 * The Allow header: the methods the route table declares for the path, else those with a handler
 * (HEAD mirrors GET). OPTIONS is always allowed: the middleware answers it (CORS preflight).
 */
function allowed(pathname: string, methods: Method[]): string[] {
  const declared = routeFor(pathname)?.operations.map((operation) => operation.method as string);
  const fallback = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])];
  return [...new Set([...(declared?.length ? declared : fallback), 'OPTIONS'])];
}
