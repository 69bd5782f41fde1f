/**
 * Where the published JSON Schema and the server's own check could disagree (found by an OpenAPI
 * fuzzer): both must accept and refuse the same values. The published side is checked with Ajv and
 * ajv-formats, as clients check it.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Email } from '../../src/server/schemas/common';
import { JsonRpcRequest } from '../../src/server/schemas/mcp';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false }));
const published = (schema: z.ZodType) => ajv.compile(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }));

describe('e-mail addresses', () => {
  const check = published(Email);
  it.each([
    ['a@b.pl', true],
    ['anna.nowak+news@example-site.org', true],
    ['a@b-c.com', true],
    ['a@b-.com', false],
    ['a@-b.com', false],
    ['a@b..com', false],
    [`a@${'b'.repeat(64)}.com`, false],
  ])('%s: accepted %s by the server and by the published schema', (address, accepted) => {
    expect(Email.safeParse(address).success).toBe(accepted);
    expect(check(address)).toBe(accepted);
  });
});

describe('JSON-RPC request ids', () => {
  const check = published(JsonRpcRequest);
  it.each([
    ['a string', 'abc', true],
    ['an integer', 7, true],
    ['null (MCP forbids it; the server answers 400)', null, false],
    ['a fraction (the server answers 400)', 1.5, false],
  ])('%s: accepted %s', (_name, id, accepted) => {
    const message = { jsonrpc: '2.0', id, method: 'ping' };
    expect(JsonRpcRequest.safeParse(message).success).toBe(accepted);
    expect(check(message)).toBe(accepted);
  });

  it('leaves the id out of a notification', () => {
    expect(check({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(true);
  });
});
