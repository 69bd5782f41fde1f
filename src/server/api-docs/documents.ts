/**
 * The three generated documents (they depend only on code and settings), built on first request so
 * SITE_URL is the deployed one; the pages serve them with `constantDocument()`.
 */
import { getSettings } from '../base/settings';
import { buildApiCatalog } from './api-catalog';
import { buildErrorContract } from './error-contract';
import { operations } from './index';
import { buildOpenApi } from './openapi';

export const openApiDocument = () => buildOpenApi(operations, getSettings().SITE_URL, getSettings().OAUTH_ENFORCEMENT);

export const apiCatalogDocument = () => buildApiCatalog(operations, getSettings());

export const errorContractDocument = () => buildErrorContract();
