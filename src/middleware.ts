/**
 * The HTTP concerns, in order: request id, CORS preflight, bearer token, a foreign Origin at MCP
 * (refused by the MCP handler without spending a budget), rate limit (per IP always,
 * per client_id as well with a valid token), bearer enforcement, then the route, then the headers
 * every response carries. Route handlers stay free of these concerns; they find the caller in
 * `locals.caller` to spend the budget of an action they perform for another door (tools, A2A).
 */
import { defineMiddleware } from 'astro:middleware';
import { requestClientKey } from './server/http/client-ip';
import { corsHeaders, preflightResponse } from './server/http/cors';
import { mcpCorsOrigin, originAllowed } from './server/mcp/origin';
import { discoveryHeaders } from './server/http/discovery-headers.mjs';
import type { Caller } from './server/http/caller';
import { consumeRateLimit, peekRateLimit, rateLimited } from './server/http/rate-limit';
import { errorResponse } from './server/http/respond';
import { routeFor } from './server/http/route-table';
import { typesetPage } from './server/http/typeset-page';
import { operationAuth } from './server/oauth/enforcement-table';
import { decide, readBearer, refusal, type Bearer } from './server/oauth/enforce';
import { getSettings } from './server/base/settings';

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages pass through here only at build time, where there is no client; their text is
  // typeset then. The pages served on demand are typeset as they are answered (typesetPage passes
  // every answer but an HTML page untouched, streams included).
  if (context.isPrerendered) return withHeaders(await typesetPage(await next()), {});
  const finish = headerWriter(context.locals.responseHeaders);

  const requestId = context.request.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
  const route = routeFor(context.url.pathname);
  // For the request log line the production server writes when the response is done.
  context.locals.requestId = requestId;
  context.locals.rateLimitFamily = route?.family;
  const extra: Record<string, string> = { 'X-Request-Id': requestId };
  if (route?.cors) Object.assign(extra, corsHeaders);
  if (route?.cors && route.family === 'mcp') {
    delete extra['Access-Control-Allow-Origin'];
    Object.assign(extra, mcpCorsOrigin(context.request));
  }

  const ipKey = requestClientKey(() => context.clientAddress, context.request.headers.get('x-forwarded-for'), getSettings().TRUST_PROXY);

  if (route?.cors && context.request.method === 'OPTIONS') {
    // Preflights report the limit too, without spending a request of the client's budget.
    if (route.family) {
      const standing = await peekRateLimit(route.family, { ipKey });
      extra['X-RateLimit-Limit'] = String(standing.limit);
      extra['X-RateLimit-Remaining'] = String(standing.remaining);
    }
    return finish(preflightResponse(), extra);
  }

  // Only operations that can take a token read one (the token endpoint's Basic header is not a bearer).
  const auth = operationAuth(context.url.pathname, context.request.method);
  const bearer: Bearer = auth ? await readBearer(context.request, context.url.pathname) : { kind: 'absent' };
  context.locals.bearer = bearer;
  const caller: Caller = bearer.kind === 'valid' ? { ipKey, clientId: bearer.auth.clientId } : { ipKey };
  context.locals.caller = caller;

  // A POST to MCP from a foreign browser origin is refused by the MCP handler, whatever it says: it must
  // not spend the budget of the person whose address a hostile page sends it from. Its answer reports
  // the standing budget, as a preflight does.
  const refusedOrigin = route?.family === 'mcp' && context.request.method === 'POST' && !originAllowed(context.request);
  if (route?.family && refusedOrigin) {
    const standing = await peekRateLimit(route.family, caller);
    extra['X-RateLimit-Limit'] = String(standing.limit);
    extra['X-RateLimit-Remaining'] = String(standing.remaining);
  } else if (route?.family) {
    const decision = await consumeRateLimit(route.family, caller);
    extra['X-RateLimit-Limit'] = String(decision.limit);
    extra['X-RateLimit-Remaining'] = String(decision.remaining);
    if (!decision.allowed) {
      // MCP clients read JSON-RPC: the MCP endpoint's 429 is a JSON-RPC error (with the request's id).
      // Loaded here only: every page passes this middleware, and the MCP server is large.
      const refused = route.family === 'mcp'
        ? await (await import('./server/mcp/http')).mcpRefusal(context.request, rateLimited(decision))
        : errorResponse(rateLimited(decision));
      return finish(refused, extra);
    }
  }

  // 'per-tool' operations (POST /mcp) are checked message by message by the MCP handler's hook.
  if (auth && auth.token !== 'per-tool') {
    const verdict = decide(bearer, auth.scope, auth.token, getSettings().OAUTH_ENFORCEMENT);
    if (!verdict.allow) return finish(refusal(verdict, context.url.pathname, route?.family === 'mcp' ? 'mcp' : 'rest'), extra);
  }

  try {
    return finish(await typesetPage(await next()), extra);
  } catch (error) {
    return finish(errorResponse(error), extra);
  }
});

const discoveryPairs = Object.entries(discoveryHeaders);

/**
 * How this request's headers reach the client: under the production server, into the headers it adds
 * when it writes the answer (with the discovery headers); otherwise onto the Response.
 */
function headerWriter(sink: App.Locals['responseHeaders']): typeof withHeaders {
  if (!sink) return withHeaders;
  return (response, extra) => {
    for (const name in extra) sink[name.toLowerCase()] = extra[name]!;
    return response;
  };
}

function withHeaders(response: Response, extra: Record<string, string>): Response {
  let target = response;
  try {
    target.headers.set(discoveryPairs[0]![0], discoveryPairs[0]![1]);
  } catch {
    // Some responses (e.g. from fetch) have immutable headers: copy them once.
    target = new Response(response.body, response);
  }
  for (const [name, value] of discoveryPairs) target.headers.set(name, value);
  for (const name in extra) target.headers.set(name, extra[name]!);
  return target;
}
