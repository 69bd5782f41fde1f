/**
 * The chat's limits against built servers: the per-minute limit per client (RATE_LIMIT_CHAT), and
 * the daily cap for the whole deployment (CHAT_DAILY_REQUEST_CAP), counted in the shared store, so
 * that two server processes on one real redis-server spend one budget together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSiteDayStart } from '../../src/server/store/daily-cap';
import { startModelFake, type ModelFake } from '../support/openai-fake';
import { openApiChecker, type OpenApiChecker } from '../support/openapi';
import { startRedis, type TestRedis } from '../support/redis';
import { startServer, type TestServer } from '../support/server';

let model: ModelFake;
let redis: TestRedis;
let limited: TestServer;
let first: TestServer;
let second: TestServer;
let api: OpenApiChecker;

beforeAll(async () => {
  model = await startModelFake(() => ({ text: 'Hi.' }));
  redis = await startRedis();
  const chat = { CHAT_BASE_URL: model.url, CHAT_MODEL: 'fake-model' };
  // One after the other: three cold starts at once can outlast the start timeout on a busy machine.
  limited = await startServer({ ...chat, RATE_LIMIT_CHAT: '3' });
  first = await startServer({ ...chat, REDIS_URL: redis.url, CHAT_DAILY_REQUEST_CAP: '3' });
  second = await startServer({ ...chat, REDIS_URL: redis.url, CHAT_DAILY_REQUEST_CAP: '3' });
  api = await openApiChecker(limited.url);
});
afterAll(async () => {
  await Promise.all([limited?.stop(), first?.stop(), second?.stop()]);
  await redis?.stop();
  await model?.close();
});

async function chat(server: TestServer) {
  const response = await fetch(`${server.url}/api/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'Hello' }] }], locale: 'en' }),
  });
  const body = response.status === 200 ? await response.text() : await api.check('POST', '/api/chat', response);
  return { status: response.status, headers: response.headers, body };
}

describe('chat limits', () => {
  it('allows RATE_LIMIT_CHAT requests per minute per client, then 429 rate_limited; the status probe is free', async () => {
    for (let index = 0; index < 5; index++) expect((await fetch(`${limited.url}/api/chat/status`)).status).toBe(200);
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push(await chat(limited));
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(statuses.map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    const over = statuses[3]!;
    expect(over.body).toMatchObject({ error: { code: 'rate_limited', retryable: true } });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('holds the daily cap for two server processes sharing one Redis, with Retry-After to midnight in Warsaw', async () => {
    const answers = [];
    for (let index = 0; index < 6; index++) answers.push(await chat(index % 2 === 0 ? first : second));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = answers[3]!;
    expect(refused.body).toMatchObject({ error: { code: 'daily_cap_reached', retryable: true } });
    const expected = (nextSiteDayStart(new Date()).getTime() - Date.now()) / 1000;
    expect(Math.abs(Number(refused.headers.get('retry-after')) - expected)).toBeLessThan(30);
    for (const server of [first, second]) {
      const status = await (await fetch(`${server.url}/api/chat/status`)).json();
      expect(status).toMatchObject({ available: false, reason: 'daily_cap_reached', dailyCap: { limit: 3, remaining: 0 } });
    }
  });
});
