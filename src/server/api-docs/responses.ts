/** Building blocks for operations: error responses from the catalogue, CORS preflight. */
import { AppError, errorCatalog, fault, type ErrorCode } from '../base/errors';
import { routePaths } from '../base/urls';
import { authRequirement } from '../oauth/documentation';
import type { Enforcement } from '../oauth/enforce';
import { ErrorResponse } from '../schemas/common';
import type { Operation, OperationDoc, OperationResponse } from './operation';

/** Error responses for the given codes, grouped by status, with one example per code. An example is
 * the body the server sends: the code's catalogue entry, or a throw site's own error (`fault(key, …)`),
 * never a sentence written here. */
export function errorResponses(codes: ErrorCode[], thrown: Partial<Record<ErrorCode, AppError>> = {}): Record<number, OperationResponse> {
  const byStatus: Record<number, OperationResponse> = {};
  for (const code of codes) {
    const entry = errorCatalog[code];
    const response = (byStatus[entry.status] ??= { description: '', schema: ErrorResponse, examples: {}, codes: [] });
    response.codes!.push(code);
    response.examples![code] = { summary: entry.description, value: (thrown[code] ?? new AppError(code)).toBody() };
    response.description = response.codes!.map((each) => `${each}: ${errorCatalog[each].description}`).join(' ');
    if (code === 'method_not_allowed') response.headers = { ...response.headers, Allow: 'The methods this endpoint accepts.' };
  }
  return byStatus;
}

/** Codes every JSON POST endpoint can answer, before its own. */
export const jsonBodyErrors: ErrorCode[] = ['invalid_json', 'validation_failed', 'payload_too_large', 'unsupported_media_type'];

/** The CORS preflight of a path (answered by the middleware; it reports the family's limit without counting). */
export function preflightDoc(path: string, operationId: string, tags: string[]): OperationDoc {
  return {
    operationId,
    summary: `CORS preflight for ${path}`,
    description: 'Answered 204 with Access-Control-Allow-* headers; any origin may call this API (no cookies are used).',
    tags,
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

/** The answers of a constant document (served by `http/document.ts`): 200 with a strong ETag, 304 on If-None-Match. */
export function constantDocumentResponses(description: string, schema: OperationResponse['schema'], contentType?: string): Record<number, OperationResponse> {
  return {
    200: { description, schema, ...(contentType ? { contentType } : {}), headers: { ETag: 'Entity tag of this version of the document.' } },
    304: { description: 'Not modified (If-None-Match matched).' },
  };
}

/**
 * An operation's responses under this deployment's OAUTH_ENFORCEMENT, for /openapi.json and GET /api:
 * its own, plus what bearer enforcement answers, from the route table's scope and token level. A 401
 * wherever a token is read (a token sent and not valid is refused at every level); a 403 where one is
 * required. An operation's own 401/403 (MCP's JSON-RPC shapes) are kept.
 */
export function responsesOf(operation: Operation, enforcement: Enforcement): Record<number, OperationResponse> {
  const { requirement, scopes } = authRequirement(operation.path, operation.method, enforcement);
  if (requirement === 'never') return operation.responses;
  const metadata = `${routePaths.protectedResource}${operation.path}`;
  const scope = scopes.join(' ');
  const auth: Record<number, OperationResponse> = {
    401: {
      ...errorResponses(['unauthorized'], { unauthorized: fault('unauthorized.bearer', { reason: 'A bearer token is required for this operation.', metadata, scope }) })[401]!,
      description:
        requirement === 'optional'
          ? 'unauthorized: the bearer token sent is not valid (malformed, expired, revoked or for another audience); a request without one is served.'
          : 'unauthorized: a bearer token is required and was missing, or the one sent is not valid.',
      headers: { 'WWW-Authenticate': `Bearer resource_metadata="…${metadata}", scope="${scope}" (and error="invalid_token" for a token that is not valid).` },
    },
  };
  if (requirement !== 'optional') {
    auth[403] = {
      ...errorResponses(['insufficient_scope'], { insufficient_scope: fault('insufficient_scope.bearer', { reason: `The token lacks the scope ${scopes.join(' or ')}.`, scope }) })[403]!,
      headers: { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="…" (the scopes to authorize again with: those the token holds and the one needed), resource_metadata="…".' },
    };
  }
  return { ...auth, ...operation.responses };
}
