/** GET /openapi.json: OpenAPI 3.1 generated from the schemas and the Operation list. */
import { documentResponse, openApiJson } from '../server/api-docs/documents';
import { endpoint } from '../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: () => documentResponse(openApiJson()) });
