/**
 * One budget per action, whatever the door, written as the attacks: tokens anyone can mint do not
 * buy fresh budgets, and an MCP tool spends the same family as the REST endpoint that does the
 * same thing, for the same address. Each case speaks from its own address (TRUST_PROXY=1 and
 * X-Forwarded-For), so the cases do not share budgets. The figures are printed.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTool, tools } from '../../src/server/tools/registry';
import { codeFlow, discover, register, startOAuthServer } from '../support/oauth';
import type { TestServer } from '../support/server';

const LIMIT = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startOAuthServer({
    TRUST_PROXY: '1',
    RATE_LIMIT_ASK: String(LIMIT),
    RATE_LIMIT_CONTACT: String(LIMIT),
    RATE_LIMIT_SUBSCRIBE: String(LIMIT),
    RATE_LIMIT_UNSUBSCRIBE: String(LIMIT),
    RATE_LIMIT_BOOKING: String(LIMIT),
    RATE_LIMIT_SLOTS: String(LIMIT),
  });
});
afterAll(() => server?.stop());

const from = (address: string) => ({ 'X-Forwarded-For': address });

async function ask(address: string, token?: string): Promise<number> {
  const response = await fetch(`${server.url}/ask?query=${encodeURIComponent('ile kosztuje strona')}`, {
    headers: { ...from(address), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  await response.arrayBuffer();
  return response.status;
}

async function mcpClient(address: string): Promise<Client> {
  const client = new Client({ name: 'budget-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: from(address) } }));
  return client;
}

const refused = (result: CallToolResult) =>
  Boolean(result.isError) && result.content.some((block) => block.type === 'text' && block.text.startsWith('Too many requests'));

describe('tokens never widen a budget', () => {
  it('five self-issued tokens get nothing once their address has spent its /ask budget', async () => {
    const as = await discover(server);
    const tokens: string[] = [];
    for (let index = 0; index < 5; index++) {
      const client = await register(as);
      tokens.push((await codeFlow(as, client, { scope: 'ask:query' })).access_token);
    }
    // The tokens were minted from the socket's own address (no X-Forwarded-For): spend its budget there.
    const address = '127.0.0.1';
    const plain = [];
    for (let index = 0; index < LIMIT + 1; index++) plain.push(await ask(address));
    const withTokens = [];
    for (const token of tokens) for (let index = 0; index < 4; index++) withTokens.push(await ask(address, token));
    console.log(`[budgets] /ask from one address: ${plain.filter((status) => status === 200).length} × 200 without a token; then with 5 minted tokens ${withTokens.filter((status) => status === 200).length} × 200 and ${withTokens.filter((status) => status === 429).length} × 429`);
    expect(plain).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(withTokens.every((status) => status === 429)).toBe(true);
  });

  it('a token on a fresh address still spends that address', async () => {
    const as = await discover(server);
    const token = (await codeFlow(as, await register(as), { scope: 'ask:query' })).access_token;
    const statuses = [];
    for (let index = 0; index < LIMIT + 2; index++) statuses.push(await ask('203.0.113.50', token));
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
  });
});

describe('an MCP tool spends its action family, shared with REST', () => {
  it('contact_submit over MCP after the REST contact budget is spent: refused', async () => {
    const address = '203.0.113.10';
    const statuses = [];
    for (let index = 0; index < LIMIT; index++) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...from(address) },
        body: JSON.stringify({ name: 'Ann', email: 'ann@example.org', message: 'A message long enough.', locale: 'en' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    const client = await mcpClient(address);
    try {
      const result = (await client.callTool({ name: 'contact_submit', arguments: { name: 'Ann', email: 'ann@example.org', message: 'A message long enough.' } })) as CallToolResult;
      expect(refused(result)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('REST after the MCP tool spent the budget: 429', async () => {
    const address = '203.0.113.11';
    const client = await mcpClient(address);
    const outcomes = [];
    try {
      for (let index = 0; index < 12; index++) {
        const result = (await client.callTool({ name: 'contact_submit', arguments: { name: 'Bob', email: 'bob@example.org', message: 'Twelve in a minute, please.' } })) as CallToolResult;
        outcomes.push(refused(result) ? 'refused' : result.isError ? 'failed' : 'sent');
      }
    } finally {
      await client.close();
    }
    console.log(`[budgets] contact_submit over MCP, 12 calls in a minute with RATE_LIMIT_CONTACT=${LIMIT}: ${outcomes.filter((outcome) => outcome === 'sent').length} sent, ${outcomes.filter((outcome) => outcome === 'refused').length} refused`);
    expect(outcomes).toEqual([...Array(LIMIT).fill('sent'), ...Array(12 - LIMIT).fill('refused')]);
    const rest = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...from(address) },
      body: JSON.stringify({ name: 'Bob', email: 'bob@example.org', message: 'And once more by REST.', locale: 'en' }),
    });
    expect(rest.status).toBe(429);
    expect(rest.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  const budgeted = tools.filter((tool) => tool.budget && tool.name !== 'contact_submit');

  it('covers every tool that performs an action with a budget of its own', () => {
    expect(budgeted.map((tool) => [tool.name, tool.budget])).toEqual([
      ['articles_recommend', 'ask'],
      ['service_inquiry_submit', 'contact'],
      ['consultation_availability', 'slots'],
      ['consultation_book', 'booking'],
      ['newsletter_subscribe', 'subscribe'],
      ['newsletter_unsubscribe', 'unsubscribe'],
    ]);
  });

  it.each(budgeted.map((tool, index) => [tool.name, index] as const))('%s is refused once its family budget is spent', async (name, index) => {
    const client = await mcpClient(`203.0.113.${30 + index}`);
    try {
      const results = [];
      for (let call = 0; call < LIMIT + 1; call++) results.push((await client.callTool({ name, arguments: getTool(name)!.example })) as CallToolResult);
      expect(results.slice(0, LIMIT).some(refused)).toBe(false);
      expect(refused(results[LIMIT]!)).toBe(true);
    } finally {
      await client.close();
    }
  });
});
