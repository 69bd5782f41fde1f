/**
 * One address cannot drain the model for everyone: each client address (IPv6 by /64) spends at most
 * its share of the chat's daily cap (CHAT_DAILY_REQUESTS_PER_ADDRESS) and of the conversational cap
 * of /ask and /a2a (ASK_CONVERSATIONAL_DAILY_PER_ADDRESS), while other addresses keep being answered;
 * and one chat request sends the model a bounded number of calls and bytes, however large it is and
 * however often the model calls a tool. Addresses come through X-Forwarded-For (TRUST_PROXY=1).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSiteDayStart } from '../../src/server/store/daily-cap';
import { chatLimits } from '../../src/server/schemas/chat';
import { startModelFake, type ModelFake } from '../support/openai-fake';
import { startServer, type TestServer } from '../support/server';

let model: ModelFake;
let server: TestServer;

beforeAll(async () => {
  model = await startModelFake(() => ({ text: 'Hi.' }));
  server = await startServer({
    CHAT_BASE_URL: model.url,
    CHAT_MODEL: 'fake-model',
    TRUST_PROXY: '1',
    CHAT_DAILY_REQUESTS_PER_ADDRESS: '2',
    ASK_CONVERSATIONAL_DAILY_PER_ADDRESS: '1',
  });
  // /ask builds its index on the first question: done here, not inside a test's model calls.
  await fetch(`${server.url}/ask?query=website`);
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
});

const from = (address: string) => ({ 'Content-Type': 'application/json', 'X-Forwarded-For': address });

async function chat(address: string, messages: unknown[] = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'Hello' }] }]) {
  const response = await fetch(`${server.url}/api/chat`, { method: 'POST', headers: from(address), body: JSON.stringify({ messages, locale: 'en' }) });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const conversationalAsk = async (address: string) =>
  (await (await fetch(`${server.url}/ask`, { method: 'POST', headers: from(address), body: JSON.stringify({ query: { text: 'how much is a website?' }, prefer: { mode: 'conversational' } }) })).json())._meta;

async function conversationalA2a(address: string) {
  const response = await fetch(`${server.url}/a2a`, {
    method: 'POST',
    headers: from(address),
    body: JSON.stringify({
      jsonrpc: '2.0', id: 1, method: 'message/send',
      params: { message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'how much is a website?' }, { kind: 'data', data: { prefer: { mode: 'conversational' } } }] } },
    }),
  });
  const answer = await response.json();
  return answer.result.parts.find((part: { kind: string }) => part.kind === 'data').data._meta;
}

describe("an address's share of the daily caps", () => {
  it('refuses an address (and its /64) over its chat share with 429 and Retry-After to midnight in Warsaw, and still answers another address', async () => {
    const first = [await chat('2001:db8:5:6::10'), await chat('2001:db8:5:6::10')];
    expect(first.map((answer) => answer.status)).toEqual([200, 200]);
    const over = await chat('2001:db8:5:6::10');
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toMatchObject({ error: { code: 'daily_cap_reached', retryable: true } });
    const expected = (nextSiteDayStart(new Date()).getTime() - Date.now()) / 1000;
    expect(Math.abs(Number(over.headers.get('retry-after')) - expected)).toBeLessThan(30);
    // Another address of the same /64 is the same subscriber line.
    expect((await chat('2001:db8:5:6:ffff::1')).status).toBe(429);
    // Everyone else is still answered.
    expect((await chat('203.0.113.7')).status).toBe(200);
    expect((await chat('2001:db8:5:7::10')).status).toBe(200);
    // The status the launcher asks tells each address its own standing.
    const status = async (address: string) => (await fetch(`${server.url}/api/chat/status`, { headers: from(address) })).json();
    expect(await status('2001:db8:5:6::10')).toMatchObject({ available: false, reason: 'daily_cap_reached' });
    expect(await status('203.0.113.8')).toMatchObject({ available: true });
  });

  it("gives each address its share of /ask's and /a2a's conversational answers, and the others theirs", async () => {
    const firstAsk = await conversationalAsk('198.51.100.20');
    expect(firstAsk).toMatchObject({ conversational: 'answered' });
    expect(await conversationalAsk('198.51.100.20')).toMatchObject({ conversational: 'unavailable', conversationalReason: 'daily_cap_reached' });
    // The same share whatever the door: A2A spends the address's share too.
    expect(await conversationalA2a('198.51.100.20')).toMatchObject({ conversational: 'unavailable', conversationalReason: 'daily_cap_reached' });
    expect(await conversationalA2a('198.51.100.21')).toMatchObject({ conversational: 'answered' });
    expect(await conversationalAsk('198.51.100.22')).toMatchObject({ conversational: 'answered' });
  });
});

describe('model calls per chat request', () => {
  it('stops before the calls of one large request pass the byte budget, even when the model calls a tool at every step', async () => {
    model.setScript(() => ({ toolCalls: [{ name: 'services_list', arguments: { locale: 'en' } }] }));
    const before = model.requests.length;
    // The largest history the request bounds allow: 40 messages of 3,000 characters (about 120 KB).
    const text = 'word '.repeat(600);
    const messages = Array.from({ length: chatLimits.maxMessages }, (_, index) => ({
      id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', parts: [{ type: 'text', text }],
    }));
    const requestBytes = Buffer.byteLength(JSON.stringify({ messages, locale: 'en' }));
    const answer = await chat('192.0.2.50', messages);
    expect(answer.status).toBe(200);
    const calls = model.requests.slice(before);
    const sent = calls.reduce((sum, call) => sum + Buffer.byteLength(JSON.stringify(call)), 0);
    console.log(`one ${(requestBytes / 1024).toFixed(1)} KiB chat request: ${calls.length} model calls, ${(sent / 1024).toFixed(1)} KiB sent to the model (${(sent / requestBytes).toFixed(1)}×)`);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThan(6);
    expect(sent).toBeLessThanOrEqual(3.2 * 128 * 1024);
    // The answer ends normally, with what the model and the tool said.
    expect(answer.body).toContain('"type":"finish"');
    model.setScript(() => ({ text: 'Hi.' }));
  });
});
