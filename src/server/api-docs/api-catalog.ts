/** GET /api: the endpoint catalog, from the same Operation list as /openapi.json. */
import { errorCatalog, errorCodes } from '../base/errors';
import { limitOf, WINDOW_SECONDS } from '../http/rate-limit';
import { routePaths, routeUrl } from '../base/urls';
import type { ApiCatalogResponse } from '../schemas/api';
import type { Settings } from '../base/settings';
import { authRequirement } from '../oauth/documentation';
import type { Operation } from './operation';
import { API_VERSION } from './openapi';
import { responsesOf } from './responses';

export function buildApiCatalog(operations: Operation[], settings: Settings): ApiCatalogResponse {
  const site = settings.SITE_URL;
  const endpoints = operations.map((operation) => ({
    method: operation.method,
    path: operation.path,
    operationId: operation.operationId,
    summary: operation.summary,
    auth: operation.scopes.length
      ? { type: 'oauth2' as const, scopes: operation.scopes, required: authRequirement(operation.path, operation.method, settings.OAUTH_ENFORCEMENT).text, enforcement: settings.OAUTH_ENFORCEMENT }
      : { type: 'none' as const, scopes: [], required: 'never', enforcement: settings.OAUTH_ENFORCEMENT },
    rateLimit:
      operation.rateLimit
        ? {
            family: operation.rateLimit,
            limit: limitOf(operation.rateLimit, settings),
            windowSeconds: WINDOW_SECONDS,
            headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After (on 429)'],
            ...(operation.method === 'OPTIONS' ? { note: 'Reported, not counted: preflights do not spend the budget.' } : {}),
          }
        : null,
    streaming: operation.streaming ?? null,
    errors: Object.entries(responsesOf(operation, settings.OAUTH_ENFORCEMENT))
      .filter(([status]) => Number(status) >= 400)
      .map(([status, response]) => ({ status: Number(status), codes: [...(response.codes ?? [])] })),
  }));
  const streamingEndpoints = operations
    .filter((operation) => operation.streaming)
    .map((operation) => ({ method: operation.method, path: operation.path, events: operation.streaming!.events }));
  return {
    name: 'Public website API',
    version: API_VERSION,
    description: 'Every endpoint of the public API. Full request and response schemas: docs.openapi.',
    docs: {
      openapi: routeUrl(site, routePaths.openapi),
      errorFormat: routeUrl(site, routePaths.errorFormat),
      llmsTxt: routeUrl(site, routePaths.llms),
    },
    endpoints,
    streaming: { contentType: 'text/event-stream', endpoints: streamingEndpoints },
    errors: {
      format: routeUrl(site, routePaths.errorFormat),
      codes: [...errorCodes],
      retry: `Retry only when error.retryable is true (${errorCodes.filter((code) => errorCatalog[code].retryable).join(', ')}); after a 429 wait Retry-After seconds.`,
    },
  };
}
