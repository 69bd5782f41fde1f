/**
 * The built server answers its first /ask question from the index the build made
 * (dist/server/ask-index.bin, src/server/ask/index-artefact.ts): it says so in its log, and never
 * that it indexed the site at run time. The file is not one of the public files.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' });
});
afterAll(() => server?.stop());

/** The log lines about the /ask index (JSON lines with an `askIndex` field). */
const indexLines = () =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"askIndex"'))
    .map((line) => JSON.parse(line) as { askIndex: string; msg: string });

describe('the /ask index of the build', () => {
  it('is in dist/server, not among the public files', async () => {
    expect(existsSync(new URL('../../dist/server/ask-index.bin', import.meta.url))).toBe(true);
    expect(existsSync(new URL('../../dist/client/ask-index.bin', import.meta.url))).toBe(false);
    expect((await fetch(`${server.url}/ask-index.bin`)).status).toBe(404);
  });

  it('answers the first question without indexing the site at run time', async () => {
    expect(indexLines()).toEqual([]);
    const response = await fetch(`${server.url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { text: 'ile kosztuje strona internetowa' }, locale: 'pl' }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).results.length).toBeGreaterThan(0);
    // The log is written in batches: wait for the line.
    const deadline = Date.now() + 5_000;
    while (!indexLines().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(indexLines().map((line) => line.askIndex)).toEqual(['prebuilt']);
  });
});
