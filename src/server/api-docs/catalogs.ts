/** The documents that describe the API (GET /api, GET /api/error-format, /openapi.json): their documentation. */
import { ApiCatalogResponse, ErrorContractResponse, OpenApiDocument } from '../schemas/api';
import type { OperationDoc } from './operation';
import { constantDocumentResponses, errorResponses } from './responses';

const notAllowed = errorResponses(['method_not_allowed']);
const cache = 'Cache-Control: public, max-age=300; strong ETag, If-None-Match answers 304. Generated from the schemas at run time, so SITE_URL is the deployed one.';

export const apiCatalog: OperationDoc = {
  operationId: 'apiCatalog',
  summary: 'Catalog of every endpoint',
  description: `Every endpoint with its method, path, summary, authentication, rate limit, streaming and errors. ${cache}`,
  tags: ['catalog'],
  responses: { ...constantDocumentResponses('The catalog.', ApiCatalogResponse), ...notAllowed },
};

export const errorFormat: OperationDoc = {
  operationId: 'errorFormat',
  summary: 'The error contract',
  description: `The JSON Schema of ErrorResponse, every error.code with its status, retry rule, meaning and hint, and examples. ${cache}`,
  tags: ['catalog'],
  responses: { ...constantDocumentResponses('The error contract.', ErrorContractResponse), ...notAllowed },
};

export const openapi: OperationDoc = {
  operationId: 'openapi',
  summary: 'This OpenAPI 3.1 document',
  description: cache,
  tags: ['catalog'],
  responses: { ...constantDocumentResponses('The OpenAPI document.', OpenApiDocument), ...notAllowed },
};
