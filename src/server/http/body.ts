/**
 * Reading request bodies: content type, size limit (refused before the rest is read), nesting depth
 * and JSON, then validation by the one zod schema of the shape, with the failing field named.
 */
import type { z } from 'zod';
import { AppError, fault } from '../base/errors';
import { bodyLimits } from './body-limits';

export const MAX_BODY_BYTES = bodyLimits.default;
/**
 * Deepest nesting of arrays and objects a JSON body may have. Real requests stay under ten levels (a
 * chat history with tool results, an A2A message); 16,000 levels fit in 32 KiB, and what handles the
 * value afterwards (JSON.stringify of a cache key, schema checks, the SDKs) recurses and would run out
 * of stack.
 */
export const MAX_JSON_DEPTH = 64;

// fatal: a body that is not UTF-8 is refused rather than silently mangled. One decoder for all calls.
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw fault('invalid_json.not_utf8');
  }
}

/**
 * The body's bytes, refused as payload_too_large once past `limit`: by its Content-Length before
 * anything is read, else while it streams in.
 */
export async function readLimitedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const length = request.headers.get('content-length');
  const declared = length === null ? NaN : Number(length);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  // A declared length within the limit: HTTP framing (Node's parser) holds the body to it, so read it
  // in one native call instead of a chunk loop.
  if (Number.isFinite(declared)) return new Uint8Array(await request.arrayBuffer());
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number): AppError {
  return fault('payload_too_large.limit', { limit });
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`: one pass over the characters (strings
 * skipped), before anything parses or walks it.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c) at++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** The raw JSON value of a request body (no schema yet). */
export async function readJson(request: Request, options: { limit?: number; allowForm?: boolean } = {}): Promise<unknown> {
  const [rawType = '', ...parameters] = (request.headers.get('content-type') ?? '').split(';');
  const type = rawType.trim().toLowerCase();
  const charset = parameters
    .map((parameter) => parameter.trim().toLowerCase())
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw fault('unsupported_media_type.charset', { charset });
  }
  const isJson = type === 'application/json' || type.endsWith('+json');
  const isForm = type === 'application/x-www-form-urlencoded';
  if (!isJson && !(options.allowForm && isForm)) {
    throw fault('unsupported_media_type.content_type', { type, form: options.allowForm === true });
  }
  const text = decode(await readLimitedBytes(request, options.limit ?? MAX_BODY_BYTES));
  if (isForm) return Object.fromEntries(new URLSearchParams(text));
  if (!text.trim()) throw fault('invalid_json.empty');
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw fault('validation_failed.too_deep', { depth: MAX_JSON_DEPTH });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw fault('invalid_json.syntax', { detail: (error as Error).message });
  }
}

/** What a JSON type is called in error messages ("must be text"). */
const typeWords: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list', date: 'a date',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return 'true or false';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Validates a value against a schema; the first issue becomes a validation_failed naming its field. */
export function validate<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  if (!field && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw fault('validation_failed.not_object', { kind });
  }
  // zod 4 leaves the input out of issues: look the value up, so a wrong type is not called missing.
  const given = issue.path.reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key as PropertyKey] : undefined), value);
  const at = { field: field || undefined };
  throw issue.code !== 'invalid_type'
    ? fault('validation_failed.rule', { ...at, problem: issue.message }, at)
    : given === undefined
      ? fault('validation_failed.missing', at, at)
      : fault('validation_failed.wrong_type', { ...at, expected: typeWords[issue.expected] ?? issue.expected, given: kindOf(given) }, at);
}

/** readJson + validate, the usual first line of a POST endpoint. */
export async function readBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  options?: { limit?: number; allowForm?: boolean },
): Promise<z.output<Schema>> {
  return validate(schema, await readJson(request, options));
}
