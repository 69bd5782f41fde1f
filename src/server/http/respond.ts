/** Response helpers: every JSON answer and every error answer of the API goes through here. */
import { AppError, restError } from '../errors';

export function json(body: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
  // A known length lets the server send head and body at once instead of chunked framing.
  headers.set('Content-Length', String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
}

/** The ErrorResponse of the spec for any thrown value (the mapping is errors.ts's `restError`). */
export function errorResponse(error: unknown, extraHeaders: HeadersInit = {}): Response {
  const { status, headers: errorHeaders, body } = restError(error);
  const headers = new Headers(extraHeaders);
  for (const [name, value] of Object.entries(errorHeaders)) headers.set(name, value);
  return json(body, { status, headers });
}

/** 405 with Allow, for endpoints that export ALL or a subset of methods. */
export function methodNotAllowed(allowed: string[]): Response {
  const allow = allowed.join(', ');
  return errorResponse(
    new AppError('method_not_allowed', `This endpoint accepts ${allow}.`, { headers: { Allow: allow } }),
  );
}
