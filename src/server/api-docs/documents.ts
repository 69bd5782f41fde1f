/**
 * The three generated documents, built on first request and kept for the life of the process
 * (they depend only on code and settings). Served on demand so SITE_URL is the deployed one.
 */
import { getSettings } from '../settings';
import { buildApiCatalog } from './api-catalog';
import { buildErrorContract } from './error-contract';
import { operations } from './index';
import { buildOpenApi } from './openapi';

let openapi: string | undefined;
let catalog: string | undefined;
let contract: string | undefined;

export function openApiJson(): string {
  return (openapi ??= JSON.stringify(buildOpenApi(operations, getSettings().SITE_URL)));
}

export function apiCatalogJson(): string {
  return (catalog ??= JSON.stringify(buildApiCatalog(operations, getSettings())));
}

export function errorContractJson(): string {
  return (contract ??= JSON.stringify(buildErrorContract()));
}

/** A generated JSON document as an HTTP response. */
export function documentResponse(body: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'public, max-age=300',
    },
  });
}
