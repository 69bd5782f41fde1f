import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/server/base/errors';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, nestedDeeperThan, readBody, readJson } from '../../src/server/http/body';
import { readFormData } from '../../src/server/http/form-data';

const Schema = z.object({ email: z.email(), nested: z.object({ count: z.number() }).optional() });

function request(body: BodyInit | null, contentType: string | null = 'application/json', extra: Record<string, string> = {}): Request {
  const headers = new Headers(extra);
  if (contentType) headers.set('content-type', contentType);
  return new Request('http://test/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('readBody', () => {
  it('returns the parsed, validated value', async () => {
    expect(await readBody(request('{"email":"a@b.pl"}'), Schema)).toEqual({ email: 'a@b.pl' });
  });

  it('accepts +json types and an explicit utf-8 charset', async () => {
    expect(await readBody(request('{"email":"a@b.pl"}', 'application/merge-patch+json; charset="UTF-8"'), Schema)).toEqual({ email: 'a@b.pl' });
  });

  it('names the nested field at fault', async () => {
    const error = await failure(readBody(request('{"email":"a@b.pl","nested":{"count":"3"}}'), Schema));
    expect(error.code).toBe('validation_failed');
    expect(error.field).toBe('nested.count');
    expect(error.message).toContain('"nested.count"');
  });

  it('says what is wrong with a value of the wrong type, and "required" only when it is missing', async () => {
    const Named = z.object({ name: z.string().min(2), count: z.number().optional() });
    expect((await failure(readBody(request('{"name":123}'), Named))).message).toBe('Field "name" must be text, not a number.');
    expect((await failure(readBody(request('{"name":"Ewa","count":"3"}'), Named))).message).toBe('Field "count" must be a number, not text.');
    expect((await failure(readBody(request('{"name":null}'), Named))).message).toBe('Field "name" must be text, not null.');
    expect((await failure(readBody(request('{}'), Named))).message).toBe('Field "name" is required.');
  });

  it('stops reading a stream without Content-Length once it passes 32 KiB', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    const error = await failure(readBody(request(endless), Schema));
    expect(error.code).toBe('payload_too_large');
    expect(error.status).toBe(413);
    // 33 chunks pass the limit; a few more may be buffered ahead by the stream, never the rest.
    expect(pulled).toBeLessThan(MAX_BODY_BYTES / 1024 + 5);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({ pull: (controller) => (pulled++, controller.enqueue(new Uint8Array(10))) });
    const error = await failure(readBody(request(body, 'application/json', { 'content-length': String(MAX_BODY_BYTES + 1) }), Schema));
    expect(error.code).toBe('payload_too_large');
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it.each([
    ['{"email":', 'invalid_json'],
    ['', 'invalid_json'],
    ['null', 'validation_failed'],
    ['[]', 'validation_failed'],
    ['3', 'validation_failed'],
  ])('answers %j with %s', async (body, code) => {
    expect((await failure(readBody(request(body), Schema))).code).toBe(code);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const error = await failure(readBody(request(new Uint8Array([0x22, 0xc3, 0x28, 0x22])), Schema));
    expect(error.code).toBe('invalid_json');
    expect(error.message).toContain('UTF-8');
  });

  it.each([['text/plain'], [null], ['application/json; charset=latin1']])('answers 415 to Content-Type %s', async (type) => {
    const error = await failure(readBody(request('{}', type), Schema));
    expect(error.code).toBe('unsupported_media_type');
    expect(error.status).toBe(415);
  });

  it('reads forms only where allowed', async () => {
    const form = request('email=a%40b.pl', 'application/x-www-form-urlencoded');
    expect(await readBody(form, Schema, { allowForm: true })).toEqual({ email: 'a@b.pl' });
  });
});

describe('JSON nesting depth', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels with validation_failed, before parsing it`, async () => {
    // 16,000 levels in 32 KiB: parsed, then stringified or walked by a schema, it overflows the stack.
    const deep = `{"email":"a@b.pl","nested":${nested(16_000)}}`;
    expect(deep.length).toBeLessThan(MAX_BODY_BYTES);
    const error = await failure(readBody(request(deep), Schema));
    expect(error.code).toBe('validation_failed');
    expect(error.status).toBe(400);
    expect(error.message).toBe(`The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
    const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect((await failure(readJson(request(objects)))).code).toBe('validation_failed');
  });

  it(`takes JSON of exactly ${MAX_JSON_DEPTH} levels, and brackets inside strings count for nothing`, async () => {
    expect(await readJson(request(nested(MAX_JSON_DEPTH)))).toBeInstanceOf(Array);
    const text = JSON.stringify({ email: 'a@b.pl', note: `[{"\\${'['.repeat(1_000)}` });
    expect(nestedDeeperThan(text, 2)).toBe(false);
    expect(await readJson(request(text))).toMatchObject({ email: 'a@b.pl' });
    expect(nestedDeeperThan(nested(3), 2)).toBe(true);
  });
});

describe('the one limited reader, for JSON and form bodies alike', () => {
  /** A chunked body (no Content-Length), as a client streaming it would send. */
  const streamed = (chunks: string[], type: string) =>
    new Request('http://x/', {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: new ReadableStream({ start: (controller) => (chunks.forEach((chunk) => controller.enqueue(new TextEncoder().encode(chunk))), controller.close()) }),
      duplex: 'half',
    } as RequestInit);

  it('reads a streamed form within the limit and refuses one past it with payload_too_large', async () => {
    const form = await readFormData(streamed(['email=a%40b.pl', '&token=t'], 'application/x-www-form-urlencoded'), 64);
    expect(form.get('email')).toBe('a@b.pl');
    const refused = await readFormData(streamed(['email=', 'x'.repeat(40), 'y'.repeat(40)], 'application/x-www-form-urlencoded'), 64).catch((error: AppError) => error);
    expect([(refused as AppError).code, (refused as AppError).message]).toEqual(['payload_too_large', 'The request body is larger than 0.0625 KiB.']);
    const json = await readJson(streamed(['{"a":', '"x'.padEnd(100, 'x'), '"}'], 'application/json'), { limit: 64 }).catch((error: AppError) => error);
    expect((json as AppError).code).toBe('payload_too_large');
  });
});
