/** GET /api: ApiCatalogResponse. */
import { apiCatalogJson, documentResponse } from '../../server/api-docs/documents';
import { endpoint } from '../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: () => documentResponse(apiCatalogJson()) });
