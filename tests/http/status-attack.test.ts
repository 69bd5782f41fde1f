/**
 * /status/ as an outsider would use it against a deployment with real providers configured (fakes of
 * Resend (which never answers its probe), Cal.com (which refuses the key) and an OpenAI-compatible
 * model server on loopback): a flood
 * of hits must not turn into a flood of probes on the providers' budgets, one client is rate limited,
 * and nothing in the answers names a host, port, user or error text of the infrastructure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalFake, type CalFake } from '../support/cal-fake';
import { startModelFake, type ModelFake } from '../support/openai-fake';
import { startResendFake, type ResendFake } from '../support/resend-fake';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let resend: ResendFake;
let cal: CalFake;
let model: ModelFake;

beforeAll(async () => {
  [resend, cal, model] = await Promise.all([startResendFake(), startCalFake(), startModelFake()]);
  // Resend's probe hangs: the probe times out after 3 s, and its error text names the fake's host and port.
  resend.setMode({ kind: 'hang' }, '/domains');
  server = await startServer({
    RESEND_API_KEY: resend.apiKey,
    RESEND_BASE_URL: resend.url,
    CAL_API_KEY: 'cal_wrong_key',
    CAL_EVENT_TYPE_ID: String(cal.eventTypeId),
    CAL_API_URL: cal.apiUrl,
    CHAT_BASE_URL: model.url,
    CHAT_API_KEY: 'model-key',
    // Behind one proxy: the test speaks as many clients through X-Forwarded-For.
    TRUST_PROXY: '1',
  });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([resend?.close(), cal?.close(), model?.close()]);
});

/** The probes each fake has seen: Resend's GET /domains (mail and list), Cal.com's GET /v2/me, the models list. */
const probeCounts = () => ({
  resend: resend.requests.filter((request) => request.method === 'GET' && request.path === '/domains').length,
  cal: cal.requests.filter((request) => request.method === 'GET' && request.path === '/v2/me').length,
  model: model.modelListRequests(),
});

const formats: Array<{ path: string; headers: Record<string, string> }> = [
  { path: '/status/', headers: {} },
  { path: '/en/status/', headers: {} },
  { path: '/status/?format=json', headers: {} },
  { path: '/en/status/', headers: { Accept: 'application/json' } },
];

const bodies: string[] = [];

describe('/status/ under a flood', () => {
  it('answers 100 hits from 100 clients, mixed formats, with one probe per provider', async () => {
    const hit = async (n: number) => {
      const { path, headers } = formats[n % formats.length]!;
      const response = await fetch(`${server.url}${path}`, { headers: { ...headers, 'X-Forwarded-For': `198.51.100.${n}` } });
      bodies.push(await response.text());
      return response.status;
    };
    // Half at once (they must share the probes in flight), half after (they must reuse the results).
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, n) => hit(n)));
    for (let n = 50; n < 100; n++) statuses.push(await hit(n));
    const counts = probeCounts();
    console.log(`probe calls after 100 hits to /status/: Resend GET /domains ${counts.resend}, Cal.com GET /v2/me ${counts.cal}, model GET /v1/models ${counts.model}`);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Mail and the list each probe Resend once; Cal.com and the model once.
    expect(counts).toEqual({ resend: 2, cal: 1, model: 1 });
  }, 120_000);

  it('reports each state with a generic reason', async () => {
    const report = await (await fetch(`${server.url}/status/?format=json`, { headers: { 'X-Forwarded-For': '203.0.113.1' } })).json();
    const byId = Object.fromEntries(report.providers.map((item: { id: string }) => [item.id, item]));
    expect(byId.mail).toMatchObject({ provider: 'resend', state: 'unreachable', detail: 'no answer in time, or an error' });
    expect(byId.scheduling).toMatchObject({ provider: 'cal.com', state: 'key_refused', detail: 'answers, but refuses the configured key or password' });
    expect(byId.chat).toMatchObject({ provider: 'openai-compatible', state: 'ok' });
    expect(byId.database).toMatchObject({ provider: 'sqlite', state: 'ok', detail: 'answered the check' });
    expect(report.status).toBe('degraded');
    bodies.push(JSON.stringify(report));
  });

  it('names no host, port, URL, user or error text of the infrastructure, in HTML or JSON', () => {
    const ports = [new URL(resend.url).port, new URL(cal.apiUrl).port, new URL(model.url).port];
    expect(bodies.length).toBeGreaterThan(100);
    for (const body of bodies) {
      expect(body).not.toContain('127.0.0.1');
      for (const port of ports) expect(body).not.toContain(`:${port}`);
      expect(body).not.toMatch(/cal_wrong_key|model-key|re_test_key|answered HTTP|no answer in 3 s|\/domains|\/v2\/me|\/models|Invalid Access Token/);
    }
  });

  it('leaves what failed, in detail, to the server log for the owner', async () => {
    await new Promise((resolve) => setTimeout(resolve, 700)); // the logger writes in batches every 500 ms
    const failures = server.output().split('\n').filter((line) => line.includes('status probe failed'));
    expect(failures.some((line) => line.includes('"provider":"mail"') && line.includes(new URL(resend.url).host))).toBe(true);
    expect(failures.some((line) => line.includes('"provider":"scheduling"') && line.includes('401'))).toBe(true);
  });
});

describe('/status/ rate limit', () => {
  it('answers 429 with Retry-After past 20 a minute for one client, as JSON or as the page in its language', async () => {
    const client = { 'X-Forwarded-For': '192.0.2.7' };
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) statuses.push((await fetch(`${server.url}/status/?format=json`, { headers: client })).status);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const json = await fetch(`${server.url}/status/?format=json`, { headers: client });
    expect(json.status).toBe(429);
    expect(Number(json.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await json.json()).error).toMatchObject({ code: 'rate_limited', retryable: true });

    const polish = await fetch(`${server.url}/status/`, { headers: client });
    expect(polish.status).toBe(429);
    expect(Number(polish.headers.get('retry-after'))).toBeGreaterThan(0);
    const polishHtml = await polish.text();
    expect(polishHtml).toContain('<html lang="pl">');
    expect(polishHtml).toContain('Za dużo zapytań');

    const english = await fetch(`${server.url}/en/status/`, { headers: client });
    expect(english.status).toBe(429);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en">');
    expect(englishHtml).toContain('Too many requests');
    console.log(`after 20 hits in a minute, one client gets ${json.status}, ${polish.status}, ${english.status} with Retry-After ${json.headers.get('retry-after')} s`);

    // Another client is not affected.
    expect((await fetch(`${server.url}/status/`, { headers: { 'X-Forwarded-For': '192.0.2.8' } })).status).toBe(200);
  });
});
