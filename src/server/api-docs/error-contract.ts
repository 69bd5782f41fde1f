/** GET /api/error-format: the error contract, generated from the catalogue and the ErrorResponse schema. */
import { z } from 'zod';
import { describeErrorCode, errorCodes, fault, type AppError } from '../base/errors';
import { MAX_BODY_BYTES } from '../http/body';
import type { ErrorContractResponse } from '../schemas/api';
import { ErrorResponse } from '../schemas/common';
import { API_VERSION } from './openapi';

type Json = Record<string, unknown>;

/** A named schema comes out as a $ref into $defs; a standalone document reads better inlined. */
function selfContained(generated: Json): Json {
  const { $ref, $defs, ...rest } = generated as Json & { $ref?: string; $defs?: Record<string, Json> };
  const name = $ref?.startsWith('#/$defs/') ? $ref.slice(8) : undefined;
  if (!name || !$defs?.[name] || Object.keys($defs).length !== 1) return generated;
  return { ...rest, title: name, ...$defs[name] };
}

export function buildErrorContract(): ErrorContractResponse {
  const schema = selfContained(z.toJSONSchema(ErrorResponse, { target: 'draft-2020-12', io: 'output' }) as Json);
  const example = (status: number, error: AppError, headers?: Record<string, string>) => ({
    status,
    ...(headers ? { headers } : {}),
    body: error.toBody() as unknown as Record<string, unknown>,
  });
  return {
    name: 'ErrorResponse',
    version: API_VERSION,
    description:
      'Every REST error has this shape. error.code is one of the closed list below and never changes meaning; error.message says what happened; error.hint says what to change; retry only when error.retryable is true.',
    schema,
    codes: errorCodes.map(describeErrorCode),
    examples: [
      example(400, fault('validation_failed.missing', { field: 'email' })),
      example(400, fault('invalid_json.syntax', { detail: 'Unexpected end of JSON input' })),
      example(413, fault('payload_too_large.limit', { limit: MAX_BODY_BYTES })),
      example(
        429,
        fault('rate_limited.per_minute', { limit: 5, retryAfter: 42 }),
        { 'Retry-After': '42', 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '0' },
      ),
      example(502, fault('provider_unavailable.mail', { sender: 'provider', timeout: true, what: 'send e-mail' })),
    ],
  };
}
