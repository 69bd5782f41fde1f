/** The machine-readable catalogs: GET /api (ApiCatalogResponse) and GET /api/error-format (ErrorContractResponse). */
import { z } from 'zod';
import { ScopeSchema } from '../base/scopes';

const Auth = z
  .object({
    type: z.enum(['none', 'oauth2']).describe('none: always public; oauth2: a bearer token is used when the deployment enforces it.'),
    scopes: z.array(ScopeSchema).describe('Scopes a token may carry for this operation (any one suffices).'),
    required: z.string().describe('When a token is required (depends on OAUTH_ENFORCEMENT).'),
    enforcement: z.enum(['off', 'write', 'all']).describe("This deployment's OAUTH_ENFORCEMENT."),
  })
  .meta({ id: 'ApiCatalogAuth' });

const RateLimit = z
  .object({
    family: z.string().describe('Counter family; endpoints in one family share a limit.'),
    limit: z.number().int().describe('Requests allowed per window and client IP.'),
    windowSeconds: z.number().int(),
    headers: z.array(z.string()).describe('Headers that report the limit on every response.'),
    note: z.string().optional(),
  })
  .meta({ id: 'ApiCatalogRateLimit' });

export const ApiCatalogEndpoint = z
  .object({
    method: z.string(),
    path: z.string(),
    operationId: z.string(),
    summary: z.string(),
    auth: Auth,
    rateLimit: RateLimit.nullable().describe('null: not rate limited.'),
    streaming: z
      .object({ contentType: z.string(), events: z.array(z.string()) })
      .nullable()
      .describe('null: a single response body.'),
    errors: z
      .array(z.object({ status: z.number().int(), codes: z.array(z.string()) }))
      .describe('Error statuses this endpoint can answer and the error.code values behind each.'),
  })
  .meta({ id: 'ApiCatalogEndpoint' });

export const ApiCatalogResponse = z
  .object({
    name: z.string(),
    version: z.string().describe('API description version.'),
    description: z.string(),
    docs: z
      .object({
        openapi: z.url(),
        errorFormat: z.url(),
        llmsTxt: z.url(),
      })
      .catchall(z.url())
      .describe('Where the full documents are.'),
    endpoints: z.array(ApiCatalogEndpoint),
    streaming: z
      .object({
        contentType: z.string(),
        endpoints: z.array(z.object({ method: z.string(), path: z.string(), events: z.array(z.string()) })),
      })
      .describe('Endpoints that can answer with a stream.'),
    errors: z
      .object({
        format: z.url().describe('The error contract (GET /api/error-format).'),
        codes: z.array(z.string()).describe('Every error.code value.'),
        retry: z.string().describe('The retry rule.'),
      })
      .describe('The one error model of the API.'),
  })
  .meta({ id: 'ApiCatalogResponse' });
export type ApiCatalogResponse = z.output<typeof ApiCatalogResponse>;

export const ErrorCodeDescription = z
  .object({
    code: z.string(),
    status: z.number().int(),
    retryable: z.boolean(),
    description: z.string(),
    message: z.string().describe('The message of this error when nothing sharper is known (the documented examples use it).'),
    hint: z.string(),
  })
  .meta({ id: 'ErrorCodeDescription' });

export const ErrorContractResponse = z
  .object({
    name: z.string(),
    version: z.string(),
    description: z.string(),
    schema: z.record(z.string(), z.unknown()).describe('JSON Schema (2020-12) of ErrorResponse.'),
    codes: z.array(ErrorCodeDescription),
    examples: z.array(
      z.object({ status: z.number().int(), headers: z.record(z.string(), z.string()).optional(), body: z.record(z.string(), z.unknown()) }),
    ),
  })
  .meta({ id: 'ErrorContractResponse' });
export type ErrorContractResponse = z.output<typeof ErrorContractResponse>;

/** Only the outline of /openapi.json is described here: the full rules are the OpenAPI 3.1 schema. */
export const OpenApiDocument = z
  .looseObject({
    openapi: z.string().describe('OpenAPI version, 3.1.x.'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OpenApiDocument' });
