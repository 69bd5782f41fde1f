/**
 * The HTTP concerns, in order: request id, CORS preflight, rate limit, then the route, then the
 * headers every response carries. Route handlers stay free of these concerns.
 */
import { defineMiddleware } from 'astro:middleware';
import { AppError } from './server/errors';
import { clientIp, rateLimitKey } from './server/http/client-ip';
import { corsHeaders, preflightResponse } from './server/http/cors';
import { discoveryHeaders } from './server/http/discovery-headers.mjs';
import { consumeRateLimit, peekRateLimit, type RateLimitDecision } from './server/http/rate-limit';
import { errorResponse } from './server/http/respond';
import { policyFor } from './server/http/route-policy';
import { getSettings } from './server/settings';

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages pass through here only at build time, where there is no client.
  if (context.isPrerendered) return withHeaders(await next(), {});

  const requestId = context.request.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
  const policy = policyFor(context.url.pathname);
  const extra: Record<string, string> = { 'X-Request-Id': requestId };
  if (policy?.cors) Object.assign(extra, corsHeaders);

  const clientKey = () => {
    let socketAddress: string;
    try {
      socketAddress = context.clientAddress;
    } catch {
      // The client hung up before we looked (Astro throws ClientAddressNotAvailable): nobody reads this answer.
      socketAddress = 'disconnected';
    }
    const ip = clientIp(socketAddress, context.request.headers.get('x-forwarded-for'), getSettings().TRUST_PROXY);
    return rateLimitKey(ip);
  };

  if (policy?.cors && context.request.method === 'OPTIONS') {
    // Preflights report the limit too, without spending a request of the client's budget.
    if (policy.family) {
      const standing = await peekRateLimit(policy.family, clientKey());
      extra['X-RateLimit-Limit'] = String(standing.limit);
      extra['X-RateLimit-Remaining'] = String(standing.remaining);
    }
    return withHeaders(preflightResponse(), extra);
  }

  let decision: RateLimitDecision | undefined;
  if (policy?.family) {
    decision = await consumeRateLimit(policy.family, clientKey());
    extra['X-RateLimit-Limit'] = String(decision.limit);
    extra['X-RateLimit-Remaining'] = String(decision.remaining);
    if (!decision.allowed) {
      const error = new AppError('rate_limited', `Too many requests: the limit is ${decision.limit} per minute.`, {
        hint: `Wait ${decision.retryAfterSeconds} s (Retry-After), then retry.`,
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      });
      return withHeaders(errorResponse(error), extra);
    }
  }

  try {
    return withHeaders(await next(), extra);
  } catch (error) {
    return withHeaders(errorResponse(error), extra);
  }
});

function withHeaders(response: Response, extra: Record<string, string>): Response {
  const all = { ...discoveryHeaders, ...extra };
  try {
    for (const [name, value] of Object.entries(all)) response.headers.set(name, value);
    return response;
  } catch {
    // Some responses (e.g. from fetch) have immutable headers: copy them once.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(all)) copy.headers.set(name, value);
    return copy;
  }
}
