/**
 * JSON nested as deep as the body limit allows, sent to every door that reads a JSON body: the
 * answer is a defined 400 (validation_failed, "nested deeper than N levels"; the JSON-RPC doors say it
 * as Invalid Request), never a 500, and the server logs no stack trace. Before the bound, /ask answered
 * 500 (its answer cache's key, JSON.stringify, overflowed the stack) and /a2a answered "Maximum call
 * stack size exceeded".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../src/server/http/body';
import { chatLimits } from '../../src/server/schemas/chat';
import { startServer, type TestServer } from '../support/server';

const A2A_BODY_BYTES = 64 * 1024;
const nestedMessage = `nested deeper than ${MAX_JSON_DEPTH} levels`;

/** `[[[…]]]` as deep as fits in `bytes` beside `room` bytes of the rest of the body. */
const nested = (bytes: number, room = 400) => {
  const levels = Math.floor((bytes - room) / 2);
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
};

let server: TestServer;
beforeAll(async () => {
  // A chat model that is configured (so /api/chat reads the body) but never called: the body fails first.
  server = await startServer({ CHAT_BASE_URL: 'http://127.0.0.1:9/v1', CHAT_MODEL: 'none' });
});
afterAll(() => server?.stop());

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('deeply nested JSON', () => {
  const restDoors: [string, (deep: string) => string, number][] = [
    ['/ask', (deep) => `{"query":{"text":"kopie zapasowe"},"locale":"pl","meta":{"session_context":${deep}}}`, MAX_BODY_BYTES],
    ['/api/contact', (deep) => `{"name":"Ala","email":"ala@example.org","message":${deep},"locale":"pl"}`, MAX_BODY_BYTES],
    ['/api/subscribe', (deep) => `{"email":"ala@example.org","locale":"pl","consent":${deep}}`, MAX_BODY_BYTES],
    ['/api/chat', (deep) => `{"locale":"pl","messages":[{"role":"user","parts":[{"type":"text","text":"hi","extra":${deep}}]}]}`, chatLimits.maxBodyBytes],
  ];

  for (const [path, body, limit] of restDoors) {
    it(`answers ${path} with 400 validation_failed for JSON nested to the body limit`, async () => {
      const text = body(nested(limit));
      expect(text.length).toBeLessThanOrEqual(limit);
      const answer = await post(path, text);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.message).toContain(nestedMessage);
    });
  }

  it('answers /mcp with 400 and a JSON-RPC Invalid Request for nested tool arguments', async () => {
    const text = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"articles_search","arguments":{"query":${nested(MAX_BODY_BYTES)}}}}`;
    const answer = await post('/mcp', text, { accept: 'application/json, text/event-stream' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(-32600);
    expect(answer.body.error.message).toContain(nestedMessage);
    expect(answer.body.error.data.reason).toBe('validation_failed');
  });

  it('answers /a2a with 400 and a JSON-RPC Invalid Request, in both protocol versions', async () => {
    const message = (deep: string) =>
      `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m1","parts":[{"kind":"text","text":"hi"}],"metadata":${deep}}}}`;
    for (const headers of [{}, { 'A2A-Version': '1.0' }] as Record<string, string>[]) {
      const answer = await post('/a2a', message(nested(A2A_BODY_BYTES)), headers);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe(-32600);
      expect(answer.body.error.message).toContain(nestedMessage);
    }
  });

  it(`still answers a request nested ${MAX_JSON_DEPTH} levels deep`, async () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH - 3)}${']'.repeat(MAX_JSON_DEPTH - 3)}`;
    const answer = await post('/ask', `{"query":{"text":"kopie zapasowe"},"locale":"pl","meta":{"session_context":${deep}}}`);
    expect(answer.status).toBe(200);
    expect(answer.body.results.length).toBeGreaterThan(0);
  });

  it('logs no stack trace and no error for any of them', () => {
    const log = server.output();
    expect(log).not.toContain('Maximum call stack');
    expect(log).not.toMatch(/\n\s+at /);
    expect(log).not.toContain('"level":50');
  });
});
