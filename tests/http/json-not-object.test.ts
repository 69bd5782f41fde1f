/**
 * Every POST of the route table sent JSON that parses but is not an object (`null`, a number, a
 * string, true, an array): the answer is a 4xx from the error catalogue (the OAuth shape at the OAuth
 * endpoints, JSON-RPC at the JSON-RPC doors, A2A's in a 200 as its binding does, ErrorResponse elsewhere),
 * never a 500, and the server
 * logs no stack trace. `null` at the authorize endpoint used to answer 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/server/http/route-table';
import { startOAuthServer } from '../support/oauth';
import type { TestServer } from '../support/server';

const bodies = ['null', '0', '-1.5', 'true', '"text"', '[]', '[null]', '[{"decision":"allow"}]'];

/** A concrete URL of each POST route: a catch-all segment filled in, pages with their trailing slash. */
const postPaths = routes
  .filter((route) => route.operations.some((operation) => operation.method === 'POST'))
  .map((route) => {
    const path = route.path.replace(/\[\.\.\.[a-z]+\]/g, 'anything').replace(/\[[a-z]+\]/g, 'anything');
    return route.api ? path : `${path}/`;
  });

let server: TestServer;
beforeAll(async () => {
  // A chat model that is configured (so /api/chat reads the body) but never called: the body fails first.
  server = await startOAuthServer({ CHAT_BASE_URL: 'http://127.0.0.1:9/v1', CHAT_MODEL: 'none' });
});
afterAll(() => server?.stop());

describe('JSON bodies that are not objects', () => {
  it('lists the POST endpoints it fuzzes', () => {
    expect(postPaths).toEqual(expect.arrayContaining(['/.well-known/oauth2/authorize', '/.well-known/oauth2/token', '/api/contact', '/mcp', '/a2a']));
  });

  it.each(postPaths)('POST %s answers each with a catalogued 4xx, never a 500', async (path) => {
    for (const body of bodies) {
      for (const accept of ['application/json, text/event-stream', 'text/html']) {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept, origin: server.url },
          body,
          redirect: 'manual',
        });
        const text = await response.text();
        const where = `${path} ${body} (${accept.split(',')[0]}) → ${response.status} ${text.slice(0, 200)}`;
        expect(response.status, where).toBeLessThan(500);
        const answer = response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, any>) : undefined;
        // A2A carries JSON-RPC errors in a 200, as its binding says; every other door answers 4xx.
        if (response.status < 400) expect(answer?.error?.code, where).toBe(-32600);
        if (answer) {
          // One of the catalogue's shapes: ErrorResponse, RFC 6749 or JSON-RPC.
          const shaped = typeof answer.error?.code === 'string' || typeof answer.error?.code === 'number' || typeof answer.error === 'string';
          expect(shaped, where).toBe(true);
        }
      }
    }
  });

  it('the authorize endpoint says the form must be an object of parameters', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: 'null',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('object') });
  });

  it('logs no stack trace', () => {
    expect(server.output()).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(server.output()).not.toMatch(/"status":5\d\d/);
  });
});
