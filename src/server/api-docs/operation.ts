/**
 * How an HTTP operation is described once, for /openapi.json, GET /api and the agent documents.
 * Each feature file in this folder exports its operations' documentation; route-docs.ts attaches
 * each to its path and method, and index.ts adds the scope and rate-limit family of the route table. Error responses
 * come from `errorResponses(...)` (responses.ts); rate-limit headers are added by the generators.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../base/errors';
import type { HttpMethod, RateLimitFamily, TokenLevel } from '../http/route-table';
import type { Scope } from '../base/scopes';

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

/** What the documents say about one operation; where it lives and who may call it is in the route table. */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  query?: z.ZodObject;
  request?: { schema: z.ZodType; contentTypes?: string[]; example?: unknown };
  responses: Record<number, OperationResponse>;
  /** For endpoints that can answer with a stream: its content type and event names. */
  streaming?: { contentType: string; events: string[] };
}

/** One documented operation of the route table, flattened for the generators. */
export interface Operation extends OperationDoc {
  method: HttpMethod;
  path: string;
  /** Scopes accepted when a bearer token is used; empty: public only. */
  scopes: Scope[];
  token?: TokenLevel;
  writes: boolean;
  rateLimit?: RateLimitFamily;
}
