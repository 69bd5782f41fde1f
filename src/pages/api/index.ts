/** GET /api: ApiCatalogResponse. */
import { apiCatalogDocument } from '../../server/api-docs/documents';
import { constantDocument } from '../../server/http/document';
import { endpoint } from '../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(apiCatalogDocument, { compact: true }) });
