/** GET /openapi.json: OpenAPI 3.1 generated from the schemas and the route table. */
import { openApiDocument } from '../server/api-docs/documents';
import { constantDocument } from '../server/http/document';
import { endpoint } from '../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(openApiDocument, { compact: true }) });
