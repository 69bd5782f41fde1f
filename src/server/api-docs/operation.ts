/**
 * How an HTTP operation is described once, for /openapi.json, GET /api and the agent documents.
 * Each feature exports `operations: Operation[]` from its own file in this folder; index.ts lists the
 * files. Error responses come from `errorResponses(...)` (responses.ts); rate-limit headers are added
 * by the generators from `rateLimit`, so an operation only names its family.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { RateLimitFamily } from '../http/route-policy';

export interface OperationResponse {
  description: string;
  /** zod schema of the body; its JSON Schema is generated. */
  schema?: z.ZodType;
  /** Default application/json. */
  contentType?: string;
  example?: unknown;
  /** Several named examples (e.g. one per error code); used instead of `example` when set. */
  examples?: Record<string, { summary?: string; value: unknown }>;
  /** Header name → description (rate-limit headers are added automatically). */
  headers?: Record<string, string>;
  /** For error responses: the error.code values this status carries. */
  codes?: ErrorCode[];
}

export interface Operation {
  method: 'GET' | 'POST' | 'OPTIONS';
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Scopes accepted when a bearer token is used; empty: public only. */
  scopes: string[];
  rateLimit?: RateLimitFamily;
  query?: z.ZodObject;
  request?: { schema: z.ZodType; contentTypes?: string[]; example?: unknown };
  responses: Record<number, OperationResponse>;
  /** For endpoints that can answer with a stream: its content type and event names. */
  streaming?: { contentType: string; events: string[] };
}
