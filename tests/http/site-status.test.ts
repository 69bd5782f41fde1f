/**
 * /status/ of a deployment with external providers configured: a real redis-server, loopback HTTP
 * servers standing in for Resend (answers 200) and an OpenAI-compatible chat server (answers 401), and
 * Cal.com on a closed port. Each provider must be reported with the state it really has.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let redis: ChildProcess;
const fakes: http.Server[] = [];
const seen: string[] = [];

async function fake(status: number): Promise<string> {
  const fakeServer = http.createServer((request, response) => {
    seen.push(`${status} ${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    response.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => fakeServer.listen(0, '127.0.0.1', resolve));
  fakes.push(fakeServer);
  return `http://127.0.0.1:${(fakeServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const redisPort = await freePort();
  redis = spawn('/usr/bin/redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const resend = await fake(200);
  const chat = await fake(401);
  const closed = await freePort();
  server = await startServer({
    RESEND_API_KEY: 're_test_key',
    RESEND_BASE_URL: resend,
    CHAT_BASE_URL: `${chat}/v1`,
    CHAT_API_KEY: 'wrong-key',
    CAL_API_KEY: 'cal_test',
    CAL_EVENT_TYPE_ID: '1',
    CAL_API_URL: `http://127.0.0.1:${closed}/v2`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  });
});
afterAll(async () => {
  await server?.stop();
  redis?.kill();
  for (const fakeServer of fakes) fakeServer.close();
});

describe('/status/ with external providers', () => {
  it('reports each provider with its real state, degraded overall', async () => {
    const started = Date.now();
    const response = await fetch(`${server.url}/status/?format=json`);
    expect(Date.now() - started).toBeLessThan(4000);
    const report = await response.json();
    const byId = Object.fromEntries(report.providers.map((item: { id: string }) => [item.id, item]));
    expect(byId.mail).toMatchObject({ provider: 'resend', external: true, state: 'ok' });
    expect(byId.mailing_list).toMatchObject({ provider: 'resend', state: 'ok' });
    expect(byId.chat).toMatchObject({ provider: 'openai-compatible', state: 'key_refused' });
    expect(byId.scheduling).toMatchObject({ provider: 'cal.com', state: 'unreachable' });
    expect(byId.counters).toMatchObject({ provider: 'redis', state: 'ok', detail: 'answered the check' });
    expect(report.status).toBe('degraded');
    // The probes really reached the fakes, with the configured keys.
    expect(seen).toContain('200 GET /domains Bearer re_test_key');
    expect(seen).toContain('401 GET /v1/models Bearer wrong-key');
  });

  it('never shows a key in the HTML page', async () => {
    const html = await (await fetch(`${server.url}/status/`)).text();
    // The page is typeset as the prerendered ones are: a Polish single letter keeps to the next word.
    expect(html).toContain('serwer zgodny z\u00a0API OpenAI');
    expect(html).not.toMatch(/re_test_key|wrong-key|cal_test/);
  });
});
