import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildApiCatalog } from '../../src/server/api-docs/api-catalog';
import { buildErrorContract } from '../../src/server/api-docs/error-contract';
import { operations } from '../../src/server/api-docs/index';
import { buildOpenApi } from '../../src/server/api-docs/openapi';
import { errorCodes } from '../../src/server/base/errors';
import { ApiCatalogResponse, ErrorContractResponse } from '../../src/server/schemas/api';
import { ErrorResponse } from '../../src/server/schemas/common';
import { parseSettings } from '../../src/server/base/settings';

const site = 'https://www.example.pl';
const document = buildOpenApi(operations, site) as any;

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.1');
    expect(document.info.version).toBe('1.8.0');
    expect(document.servers).toEqual([{ url: site }]);
  });

  it('names the schemas after their .meta id and refers to them', () => {
    for (const name of ['SubscribeRequest', 'ContactRequest', 'UnsubscribeRequest', 'SuccessResponse', 'ErrorResponse', 'ApiCatalogResponse', 'ErrorContractResponse']) {
      expect(document.components.schemas[name], name).toBeTruthy();
    }
    expect(document.paths['/api/subscribe'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SubscribeRequest' });
    // Request schemas are the input side: a defaulted locale is optional.
    expect(document.components.schemas.SubscribeRequest.required.sort()).toEqual(['consent', 'email']);
  });

  it('documents every error of the POST endpoints with examples and rate-limit headers', () => {
    for (const path of ['/api/subscribe', '/api/contact', '/api/newsletter/unsubscribe']) {
      const responses = document.paths[path].post.responses;
      for (const status of ['200', '400', '405', '413', '415', '429', '501', '502']) expect(responses[status], `${path} ${status}`).toBeTruthy();
      expect(Object.keys(responses['400'].content['application/json'].examples).sort()).toEqual(['invalid_json', 'validation_failed']);
      expect(responses['200'].headers['X-RateLimit-Limit']).toEqual({ $ref: '#/components/headers/X-RateLimit-Limit' });
      expect(responses['429'].headers['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
      expect(document.paths[path].options.responses['204']).toBeTruthy();
    }
  });

  it('offers OAuth 2 with PKCE and client credentials, with the scopes of each operation', () => {
    const oauth = document.components.securitySchemes.oauth2;
    expect(oauth.flows.authorizationCode.authorizationUrl).toBe(`${site}/.well-known/oauth2/authorize`);
    expect(oauth.flows.authorizationCode.tokenUrl).toBe(`${site}/.well-known/oauth2/token`);
    expect(oauth.flows.clientCredentials.tokenUrl).toBe(`${site}/.well-known/oauth2/token`);
    expect(Object.keys(oauth.flows.clientCredentials.scopes).sort()).toEqual(
      ['ask:query', 'mcp:read', 'mcp:tools:booking', 'mcp:tools:inquiry', 'newsletter:subscribe', 'newsletter:unsubscribe'],
    );
    expect(document.paths['/api/subscribe'].post.security).toEqual([{}, { oauth2: ['newsletter:subscribe'] }]);
    expect(document.paths['/api/newsletter/unsubscribe'].post.security).toEqual([{}, { oauth2: ['newsletter:unsubscribe'] }]);
    expect(document.paths['/api/contact'].post.security).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the catalogs', () => {
  it('GET /api lists every operation with its limit, auth and errors', () => {
    const catalog = ApiCatalogResponse.parse(buildApiCatalog(operations, parseSettings({ SITE_URL: site, RATE_LIMIT_CONTACT: '7' })));
    expect(catalog.version).toBe('1.8.0');
    expect(catalog.docs.openapi).toBe(`${site}/openapi.json`);
    expect(catalog.endpoints).toHaveLength(operations.length);
    const contact = catalog.endpoints.find((endpoint) => endpoint.method === 'POST' && endpoint.path === '/api/contact')!;
    expect(contact.rateLimit).toMatchObject({ family: 'contact', limit: 7, windowSeconds: 60 });
    expect(contact.auth).toMatchObject({ type: 'none', scopes: [] });
    expect(contact.errors.find((error) => error.status === 502)?.codes).toEqual(['provider_unavailable']);
    expect(catalog.errors.codes).toEqual(errorCodes);
  });

  it('GET /api/error-format carries the ErrorResponse JSON Schema, every code and valid examples', () => {
    const contract = ErrorContractResponse.parse(buildErrorContract());
    expect(contract.codes.map((code) => code.code)).toEqual(errorCodes);
    expect((contract.schema as any).properties.error.required.sort()).toEqual(['code', 'hint', 'message', 'retryable']);
    for (const example of contract.examples) expect(ErrorResponse.safeParse(example.body).success).toBe(true);
  });
});
