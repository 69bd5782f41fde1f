/**
 * What one address can make the server store with contact messages: each message is kept in the
 * records database and, without a mail provider, as an .eml file in DATA_DIR/outbox. The minute's
 * limit alone let one address add tens of megabytes a day; RATE_LIMIT_CONTACT_DAILY bounds the
 * messages per client per day at every door (REST and the MCP tool), with a 429 that says "a day".
 * The bytes one largest message adds are measured and printed.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

const DAILY = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_CONTACT_DAILY: String(DAILY), MAIL_PROVIDER: 'outbox', TRUST_PROXY: '1' });
});
afterAll(() => server?.stop());

/** What the messages take: the outbox files, and the rows of the messages table (body and mail as stored). */
function storedBytes(): number {
  const outbox = join(server.dataDir, 'outbox');
  const files = existsSync(outbox) ? readdirSync(outbox).reduce((sum, name) => sum + statSync(join(outbox, name)).size, 0) : 0;
  const file = join(server.dataDir, 'site.sqlite');
  if (!existsSync(file)) return files;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db.prepare('SELECT COALESCE(SUM(LENGTH(CAST(body AS BLOB)) + LENGTH(CAST(mail AS BLOB))), 0) AS bytes FROM messages').get() as { bytes: number };
    return files + row.bytes;
  } finally {
    db.close();
  }
}

const contact = (address: string, message: string) =>
  fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ name: 'Ann Tester', email: 'ann@example.org', message, locale: 'pl' }),
  });

describe('contact storage per address per day', () => {
  it(`takes ${DAILY} messages a day from one address, then 429 at every door; another address is not affected`, async () => {
    const largest = 'Zażółć gęślą jaźń <b> & "q"\n'.repeat(400).slice(0, 10_000);
    const before = storedBytes();
    const statuses = [];
    for (let index = 0; index < DAILY; index++) statuses.push((await contact('198.51.100.30', largest)).status);
    expect(statuses).toEqual(Array(DAILY).fill(200));
    const perMessage = (storedBytes() - before) / DAILY;
    console.log(`[contact-storage] one largest message adds about ${Math.round(perMessage / 1024)} KiB (its row and its outbox file); at most ${DAILY} a day per address here, 20 by default`);

    const over = await contact('198.51.100.30', 'Jeszcze jedna wiadomość.');
    expect(over.status).toBe(429);
    const body = (await over.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('a day') });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(60);

    const client = new Client({ name: 'contact-storage', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { 'X-Forwarded-For': '198.51.100.30' } } }));
    try {
      const result = (await client.callTool({ name: 'contact_submit', arguments: { name: 'Ann', email: 'ann@example.org', message: 'Przez MCP tym razem.' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('a day');
    } finally {
      await client.close();
    }

    expect((await contact('198.51.100.31', 'Inny adres, inny budżet.')).status).toBe(200);
  });
});
