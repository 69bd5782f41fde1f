/** Building blocks for operations: error responses from the catalogue, CORS preflight, scopes. */
import { AppError, errorCatalog, type ErrorCode } from '../errors';
import { ErrorResponse } from '../schemas/common';
import type { RateLimitFamily } from '../http/route-policy';
import type { Operation, OperationResponse } from './operation';

/** The six OAuth scopes of the spec and what each allows (for the security scheme). */
export const oauthScopes = {
  'newsletter:subscribe': 'Subscribe an address to the newsletter.',
  'newsletter:unsubscribe': 'Unsubscribe an address from the newsletter.',
  'mcp:read': 'Read-only MCP tools (articles, services, pricing, availability).',
  'mcp:tools:inquiry': 'MCP tools that send an inquiry or contact message.',
  'mcp:tools:booking': 'MCP tools that book a consultation.',
  'ask:query': 'Natural-language queries at /ask.',
} as const;
export type OAuthScope = keyof typeof oauthScopes;

/** The ErrorResponse body a code produces with its catalogue message-like description. */
export function errorExample(code: ErrorCode, message?: string): unknown {
  return new AppError(code, message ?? errorCatalog[code].description).toBody();
}

/** Error responses for the given codes, grouped by status, with one example per code. */
export function errorResponses(codes: ErrorCode[], messages: Partial<Record<ErrorCode, string>> = {}): Record<number, OperationResponse> {
  const byStatus: Record<number, OperationResponse> = {};
  for (const code of codes) {
    const entry = errorCatalog[code];
    const response = (byStatus[entry.status] ??= { description: '', schema: ErrorResponse, examples: {}, codes: [] });
    response.codes!.push(code);
    response.examples![code] = { summary: entry.description, value: errorExample(code, messages[code]) };
    response.description = response.codes!.map((each) => `${each}: ${errorCatalog[each].description}`).join(' ');
    if (code === 'method_not_allowed') response.headers = { ...response.headers, Allow: 'The methods this endpoint accepts.' };
  }
  return byStatus;
}

/** Codes every JSON POST endpoint can answer, before its own. */
export const jsonBodyErrors: ErrorCode[] = ['invalid_json', 'validation_failed', 'payload_too_large', 'unsupported_media_type'];

/** The CORS preflight of a path (answered by the middleware; it reports the family's limit without counting). */
export function preflight(path: string, operationId: string, tags: string[], rateLimit?: RateLimitFamily): Operation {
  return {
    ...(rateLimit ? { rateLimit } : {}),
    method: 'OPTIONS',
    path,
    operationId,
    summary: `CORS preflight for ${path}`,
    description: 'Answered 204 with Access-Control-Allow-* headers; any origin may call this API (no cookies are used).',
    tags,
    scopes: [],
    responses: {
      204: {
        description: 'Preflight accepted.',
        headers: {
          'Access-Control-Allow-Origin': 'Always *.',
          'Access-Control-Allow-Methods': 'Methods allowed cross-origin.',
          'Access-Control-Allow-Headers': 'Request headers allowed cross-origin.',
          'Access-Control-Max-Age': 'Seconds a browser may cache this answer.',
        },
      },
    },
  };
}
