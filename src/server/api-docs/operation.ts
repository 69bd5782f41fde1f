/**
 * How an HTTP operation is described once, for /openapi.json, GET /api and the agent documents.
 * Each feature exports its operations from its own file in this folder; index.ts lists the files.
 */
import type { z } from 'zod';
import type { RateLimitFamily } from '../http/route-policy';

export interface OperationResponse {
  description: string;
  /** zod schema of the body; its JSON Schema is generated. */
  schema?: z.ZodType;
  /** Default application/json. */
  contentType?: string;
  example?: unknown;
  headers?: Record<string, string>;
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
}
