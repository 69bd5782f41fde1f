/** Building blocks for operations: error responses from the catalogue, CORS preflight. */
import { AppError, errorCatalog, type ErrorCode } from '../base/errors';
import { ErrorResponse } from '../schemas/common';
import type { OperationDoc, OperationResponse } from './operation';

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
