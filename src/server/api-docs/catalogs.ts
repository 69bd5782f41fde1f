/** The documents that describe the API: GET /api, GET /api/error-format and /openapi.json. */
import { ApiCatalogResponse, ErrorContractResponse, OpenApiDocument } from '../schemas/api';
import type { Operation } from './operation';
import { errorResponses } from './responses';

const notAllowed = errorResponses(['method_not_allowed']);
const cache = 'Cache-Control: public, max-age=300. Generated from the schemas at run time, so SITE_URL is the deployed one.';

export const operations: Operation[] = [
  {
    method: 'GET',
    path: '/api',
    operationId: 'apiCatalog',
    summary: 'Catalog of every endpoint',
    description: `Every endpoint with its method, path, summary, authentication, rate limit, streaming and errors. ${cache}`,
    tags: ['catalog'],
    scopes: [],
    responses: { 200: { description: 'The catalog.', schema: ApiCatalogResponse }, ...notAllowed },
  },
  {
    method: 'GET',
    path: '/api/error-format',
    operationId: 'errorFormat',
    summary: 'The error contract',
    description: `The JSON Schema of ErrorResponse, every error.code with its status, retry rule, meaning and hint, and examples. ${cache}`,
    tags: ['catalog'],
    scopes: [],
    responses: { 200: { description: 'The error contract.', schema: ErrorContractResponse }, ...notAllowed },
  },
  {
    method: 'GET',
    path: '/openapi.json',
    operationId: 'openapi',
    summary: 'This OpenAPI 3.1 document',
    description: cache,
    tags: ['catalog'],
    scopes: [],
    responses: { 200: { description: 'The OpenAPI document.', schema: OpenApiDocument }, ...notAllowed },
  },
];
