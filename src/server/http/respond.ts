/** Response helpers: every JSON answer and every error answer of the API goes through here. */
import { fault, restError } from '../base/errors';

export function json(body: unknown, init: ResponseInit = {}): Response {
  return jsonBytes(Buffer.from(JSON.stringify(body)), init);
}

const encoded = new WeakMap<object, Buffer>();

/**
 * The JSON answer of a kept object (a cached answer, the same object each time and never changed):
 * encoded on its first use only.
 */
export function keptJson(body: object, init: ResponseInit = {}): Response {
  let bytes = encoded.get(body);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(body));
    encoded.set(body, bytes);
  }
  return jsonBytes(bytes, init);
}

/**
 * A JSON answer from its UTF-8 bytes. Bytes, not a string: a string body is checked for lone
 * surrogates and encoded again by the Fetch API on every response (a large share of a cached
 * answer's cost in the profile), while bytes are passed through.
 */
export function jsonBytes(bytes: Uint8Array, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
  // A known length lets the server send head and body at once instead of chunked framing.
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(bytes as Uint8Array<ArrayBuffer>, { ...init, headers });
}

/** The ErrorResponse of any thrown value (the mapping is errors.ts's `restError`). */
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
    fault('method_not_allowed.allow', { allow }, { headers: { Allow: allow } }),
  );
}
