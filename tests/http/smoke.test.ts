import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('the built server', () => {
  it('serves the Polish home page with the discovery headers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('link')).toBe('</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt"');
    expect(response.headers.get('x-llms-txt')).toBe('/llms.txt');
    expect(await response.text()).toContain('<html lang="pl">');
  });

  it('stops with a message naming a wrong setting', async () => {
    await expect(startServer({ OAUTH_ENFORCEMENT: 'sometimes' })).rejects.toThrow(/OAUTH_ENFORCEMENT/);
  });
});
