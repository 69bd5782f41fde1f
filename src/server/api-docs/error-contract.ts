/** GET /api/error-format: the error contract, generated from the catalogue and the ErrorResponse schema. */
import { z } from 'zod';
import { AppError, describeErrorCode, errorCodes } from '../errors';
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
      example(400, new AppError('validation_failed', 'Field "email" is required.', { hint: 'Correct "email" and send the request again.' })),
      example(400, new AppError('invalid_json', 'The request body is not valid JSON: Unexpected end of JSON input')),
      example(413, new AppError('payload_too_large', 'The request body is larger than 32 KiB.')),
      example(
        429,
        new AppError('rate_limited', 'Too many requests: the limit is 5 per minute.', { hint: 'Wait 42 s (Retry-After), then retry.' }),
        { 'Retry-After': '42', 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '0' },
      ),
      example(502, new AppError('provider_unavailable', 'The mail provider did not answer in time (send e-mail).')),
    ],
  };
}
