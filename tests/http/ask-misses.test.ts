/**
 * The low-confidence log against the BUILT server over real HTTP: off-topic questions asked through
 * every door (POST and GET /ask, the search page, A2A, the articles_recommend tool over MCP) are
 * listed by `npm run admin -- ask-misses` (a process of its own) with their counts, language and best
 * result, without the e-mail address and phone number a visitor typed, and with nothing of the
 * request but the question; a confident question is not kept; with the log off nothing is stored;
 * instances sharing one PostgreSQL share it, and a script asking many distinct questions never grows it past
 * the cap nor pushes out the question visitors keep asking.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIDENT } from '../../src/server/ask/engine';
import { runAdmin } from '../support/admin';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { startServer, type TestServer } from '../support/server';

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AskMissesTestBrowser/9.9';
const EGG = 'How long do I boil an egg for a salad? Write to anna.nowak@example.org or call +48 600 100 200';
const EGG_KEPT = 'How long do I boil an egg for a salad? Write to [e-mail] or call [phone]';
const BIGOS = 'jak ugotować bigos z kapustą kiszoną';
const PIZZA = 'best pizza margherita dough recipe';
const CONFIDENT_QUESTION = 'ile kosztuje strona internetowa?';

type Listed = Array<{ id: string; count: number; language: string; kinds: string | null; question: string; best: string | null; confidence: number | null; best_url: string | null }>;

async function askPost(server: TestServer, text: string, locale?: string) {
  const response = await fetch(`${server.url}/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    body: JSON.stringify({ query: { text }, ...(locale ? { locale } : {}) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { results: Array<{ id: string; confidence: number }> };
}

async function admin(server: TestServer, settings: Record<string, string>, ...words: string[]) {
  const run = await runAdmin(server, settings, ['ask-misses', ...words]);
  expect(run.stderr).not.toMatch(/failed|error/i);
  expect(run.code).toBe(0);
  return run;
}
const listed = async (server: TestServer, settings: Record<string, string>) => JSON.parse((await admin(server, settings, '--json')).stdout) as Listed;

describe('ASK_LOW_CONFIDENCE_LOG=on (SQLite in DATA_DIR)', () => {
  const settings = { ASK_LOW_CONFIDENCE_LOG: 'on' };
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(settings);
  }, 60_000);
  afterAll(async () => server?.stop());

  it('lists the off-topic questions of every door with counts, language and best result; no personal data', async () => {
    // The premise: these are answered with no confident result, and the price question with one.
    for (const [text, locale] of [[EGG, 'en'], [BIGOS, 'pl'], [PIZZA, 'en']] as const) {
      const best = (await askPost(server, text, locale)).results[0];
      expect(best?.confidence ?? 0, text).toBeLessThan(CONFIDENT);
    }
    expect((await askPost(server, CONFIDENT_QUESTION, 'pl')).results[0]!.confidence).toBeGreaterThanOrEqual(CONFIDENT);

    // The same egg question again: GET /ask (other case and spacing) and the search page.
    expect((await fetch(`${server.url}/ask?query=${encodeURIComponent(`  ${EGG.toLowerCase()}  `)}&locale=en`, { headers: { 'user-agent': USER_AGENT } })).status).toBe(200);
    const page = await fetch(`${server.url}/en/search/?q=${encodeURIComponent(EGG)}`, { headers: { 'user-agent': USER_AGENT } });
    expect(page.status).toBe(200);
    // A2A (v0.3 JSON-RPC): bigos again, its language found from the question.
    const a2a = await fetch(`${server.url}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: BIGOS }] } } }),
    });
    expect((await a2a.json()).result).toMatchObject({ kind: 'message', role: 'agent' });
    // The MCP tool the chat uses too: an article search, kept apart from the open question.
    const client = new Client({ name: 'ask-misses-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const result = await client.callTool({ name: 'articles_recommend', arguments: { query: PIZZA, locale: 'en', limit: 3 } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }

    const rows = await listed(server, settings);
    console.log(`[ask-misses] listed: ${rows.map((row) => `${row.count}× ${row.language}${row.kinds ? ` (${row.kinds})` : ''} "${row.question}" → ${row.best} ${row.confidence}`).join('; ')}`);
    // Most asked first, then the most recently asked (the tool's search came after the POST).
    expect(rows.map((row) => [row.count, row.language, row.kinds, row.question])).toEqual([
      [3, 'en', null, EGG_KEPT],
      [2, 'pl', null, BIGOS],
      [1, 'en', 'article', PIZZA],
      [1, 'en', null, PIZZA],
    ]);
    for (const row of rows) {
      if (row.best !== null) {
        expect(row.confidence).toBeLessThan(CONFIDENT);
        expect(row.best_url).toMatch(/^http:\/\/localhost:4321\//);
      }
    }
    // An article search's best result is an article.
    expect(rows[2]!.best ?? 'article:').toMatch(/^article:/);

    // The table and the CSV of the same rows.
    const table = (await admin(server, settings)).stdout;
    expect(table.split('\n')[0]).toMatch(/^count\s+language\s+question\s+best\s+confidence\s+last_seen$/);
    expect(table).toContain(EGG_KEPT);
    const csv = (await admin(server, settings, '--csv')).stdout.split('\r\n');
    expect(csv[0]).toBe('count,language,question,best,confidence,last_seen');
    expect(csv[1]!.startsWith(`3,en,${EGG_KEPT},${rows[0]!.best},${rows[0]!.confidence},`)).toBe(true);

    // What the database holds: the question and its best result, nothing of the request.
    const db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    try {
      const columns = (db.prepare('PRAGMA table_info(ask_misses)').all() as Array<{ name: string }>).map((column) => column.name);
      expect(columns).toEqual(['id', 'question', 'locale', 'kinds', 'count', 'first_seen', 'last_seen', 'best']);
      const stored = JSON.stringify(db.prepare('SELECT * FROM ask_misses').all());
      for (const personal of ['anna.nowak', 'example.org', '600 100 200', '600100200', '127.0.0.1', 'AskMissesTestBrowser', 'Mozilla']) expect(stored).not.toContain(personal);
    } finally {
      db.close();
    }

    const cleared = await admin(server, settings, 'clear');
    expect(cleared.stderr).toContain('Forgot 4 questions.');
    expect(await listed(server, settings)).toEqual([]);
  }, 120_000);
});

describe('ASK_LOW_CONFIDENCE_LOG off (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(async () => server?.stop());

  it('stores nothing, and the admin command says the log is off', async () => {
    expect((await askPost(server, EGG, 'en')).results[0]?.confidence ?? 0).toBeLessThan(CONFIDENT);
    expect((await fetch(`${server.url}/en/search/?q=${encodeURIComponent(PIZZA)}`)).status).toBe(200);
    const database = join(server.dataDir, 'site.sqlite');
    if (existsSync(database)) {
      const db = new DatabaseSync(database, { readOnly: true });
      try {
        // The schema has the table (every migration runs at once); it holds no row.
        expect(db.prepare('SELECT count(*) AS n FROM ask_misses').get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    }
    const run = await admin(server, {}, '--json');
    expect(JSON.parse(run.stdout)).toEqual([]);
    expect(run.stderr).toContain('ASK_LOW_CONFIDENCE_LOG is off');
  }, 60_000);
});

describe('ASK_LOW_CONFIDENCE_LOG=on over PostgreSQL: shared, and capped against a flood', () => {
  let postgres: TestPostgres;
  let first: TestServer;
  let second: TestServer;
  let settings: Record<string, string>;
  const adminDir = mkdtempSync(join(tmpdir(), 'ask-misses-admin-'));
  beforeAll(async () => {
    postgres = await startPostgres();
    settings = { DATABASE_URL: postgres.url, ASK_LOW_CONFIDENCE_LOG: 'on', ASK_LOW_CONFIDENCE_LOG_MAX: '10' };
    [first, second] = await Promise.all([startServer(settings), startServer(settings)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await postgres?.stop();
    rmSync(adminDir, { recursive: true, force: true });
  });

  it('keeps the repeated question and at most the cap, whichever instance was asked', async () => {
    for (const server of [first, second, first]) await askPost(server, BIGOS, 'pl');
    const flood = 60;
    for (let n = 0; n < flood; n++) await askPost(n % 2 ? first : second, `zxq${n} vlorp${n} quandle${n}`, 'en');
    // The last asks' writes are not awaited by the answers: the admin process starts after them.
    const rows = await listed({ dataDir: adminDir } as TestServer, settings);
    console.log(`[ask-misses] postgresql: ${flood} distinct nonsense questions and one asked 3 times, cap 10: ${rows.length} kept, first ${rows[0]?.count}× "${rows[0]?.question}"`);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ count: 3, language: 'pl', question: BIGOS });
    expect(rows.slice(1).map((row) => row.question).sort()).toEqual(Array.from({ length: 9 }, (_, index) => `zxq${flood - 9 + index} vlorp${flood - 9 + index} quandle${flood - 9 + index}`).sort());
  }, 120_000);
});
