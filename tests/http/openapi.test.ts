/**
 * The served documents: /openapi.json (valid OpenAPI 3.1, SITE_URL of the running deployment),
 * GET /api and GET /api/error-format (each valid against its own schema in that document).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/server/base/errors';
import { openApiChecker, type OpenApiChecker } from '../support/openapi';
import { startServer, type TestServer } from '../support/server';

const SITE = 'https://www.example.test';
let server: TestServer;
let api: OpenApiChecker;
beforeAll(async () => {
  server = await startServer({ SITE_URL: SITE, RATE_LIMIT_CONTACT: '9' });
  api = await openApiChecker(server.url);
});
afterAll(() => server?.stop());

describe('the API documents', () => {
  it('/openapi.json names the deployed SITE_URL (read at run time) and validates against itself', async () => {
    const response = await fetch(`${server.url}/openapi.json`);
    const document = await api.check('GET', '/openapi.json', response);
    expect(document.servers).toEqual([{ url: SITE }]);
    expect(document.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe(`${SITE}/.well-known/oauth2/token`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('/openapi.json defines no component nothing refers to, and lists the query parameters of GET /ask one by one', async () => {
    const text = JSON.stringify(api.document);
    const unused = Object.entries(api.document.components as Record<string, Record<string, unknown>>)
      .filter(([kind]) => kind !== 'securitySchemes')
      .flatMap(([kind, entries]) => Object.keys(entries).filter((name) => !text.includes(`"#/components/${kind}/${name}"`)).map((name) => `${kind}/${name}`));
    expect(unused).toEqual([]);
    const names = (api.document.paths['/ask'].get.parameters as Array<{ name: string; in: string }>).map((parameter) => `${parameter.in}:${parameter.name}`);
    expect(names).toContain('query:query');
  });

  it('the /ask examples are valid answers: every required _meta field, locale_source included', async () => {
    const { AskResponse } = await import('../../src/server/schemas/ask');
    for (const method of ['get', 'post']) {
      const example = api.document.paths['/ask'][method].responses['200'].content['application/json'].example;
      expect(example._meta.locale_source, method).toEqual(expect.any(String));
      expect(AskResponse.safeParse(example).success, method).toBe(true);
    }
  });

  it('documents token revocation (RFC 7009) at the revocation_endpoint of the metadata', async () => {
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json();
    expect(metadata.revocation_endpoint).toBe(`${SITE}/.well-known/oauth2/revoke`);
    const operation = api.document.paths['/.well-known/oauth2/revoke'].post;
    expect(operation.operationId).toBe('revokeToken');
    expect(Object.keys(operation.requestBody.content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
  });

  it('GET /api lists every documented operation with its live limit', async () => {
    const catalog = await api.check('GET', '/api', await fetch(`${server.url}/api`));
    const documented = Object.entries(api.document.paths).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`));
    expect(catalog.endpoints.map((endpoint: any) => `${endpoint.method} ${endpoint.path}`).sort()).toEqual(documented.sort());
    expect(catalog.endpoints.find((endpoint: any) => endpoint.path === '/api/contact' && endpoint.method === 'POST').rateLimit.limit).toBe(9);
    expect(catalog.docs.openapi).toBe(`${SITE}/openapi.json`);
  });

  it('GET /api/error-format lists the closed code list with status, retry rule and hint', async () => {
    const contract = await api.check('GET', '/api/error-format', await fetch(`${server.url}/api/error-format`));
    expect(contract.codes.map((entry: any) => entry.code)).toEqual(errorCodes);
    expect(contract.codes.find((entry: any) => entry.code === 'provider_unavailable')).toMatchObject({ status: 502, retryable: true });
    expect(contract.schema.properties.error.properties.code.enum).toEqual(errorCodes);
  });

  it.each(['/api', '/api/error-format', '/openapi.json'])('answers POST %s with 405 and Allow', async (path) => {
    const response = await fetch(`${server.url}${path}`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    // The 405 is documented with the path's GET operation (OpenAPI has no "any other method").
    const body = await api.check('GET', path, response);
    expect(body.error.code).toBe('method_not_allowed');
  });
});

describe('constant documents', () => {
  it.each(['/openapi.json', '/api', '/api/error-format', '/.well-known/agent-card.json', '/.well-known/mcp/manifest.json'])(
    '%s keeps one ETag, answers If-None-Match with 304 and HEAD with the length',
    async (path) => {
      const first = await fetch(`${server.url}${path}`);
      const body = new Uint8Array(await first.arrayBuffer());
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers.get('content-length')).toBe(String(body.byteLength));
      const again = await fetch(`${server.url}${path}`);
      expect(again.headers.get('etag')).toBe(etag);
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(body);
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(body.byteLength));
      expect(head.headers.get('etag')).toBe(etag);
      for (const match of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const cached = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': match } });
        expect(cached.status, match).toBe(304);
        expect(cached.headers.get('etag')).toBe(etag);
        expect(await cached.text()).toBe('');
      }
      const changed = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': '"other"' } });
      expect(changed.status).toBe(200);
      await changed.arrayBuffer();
    },
  );
});
