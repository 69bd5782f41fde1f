/**
 * /openapi.json (OpenAPI 3.1.1) from the Operation list and the zod schemas. Named schemas
 * (`.meta({ id })`) become components.schemas; request bodies use the input side of a schema
 * (defaults make fields optional), responses the output side.
 */
import { z } from 'zod';
import { errorCatalog } from '../base/errors';
import { WINDOW_SECONDS } from '../http/rate-limit';
import { type TokenLevel } from '../http/route-table';
import { oauthUrls, routePaths, routeUrl } from '../base/urls';
import { scopeCatalogue } from '../base/scopes';
import type { Operation, OperationResponse } from './operation';
import { responsesOf } from './responses';
import { authRequirement, enforcementSummary } from '../oauth/documentation';
import type { Enforcement } from '../oauth/enforce';
import { ACCESS_TOKEN_TTL, CODE_TTL, REFRESH_TOKEN_TTL } from '../oauth/metadata';

type Json = Record<string, unknown>;
export const API_VERSION = '1.8.0';

/** Collects component schemas while converting, and rewrites zod's local $defs into component refs. */
class SchemaCollector {
  readonly components: Record<string, Json> = {};

  /** The JSON Schema of `schema` for use inside the document (a $ref when the schema is named). */
  use(schema: z.ZodType, io: 'input' | 'output'): Json {
    const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
    const { $schema: _ignored, $defs, ...root } = generated as Json & { $defs?: Record<string, Json> };
    const names = this.nameDefs(Object.keys($defs ?? {}), io, $defs ?? {});
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object') {
        return Object.fromEntries(
          Object.entries(value).map(([key, inner]) =>
            key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
              ? [key, `#/components/schemas/${names[inner.slice(8)]}`]
              : [key, rewrite(inner)],
          ),
        );
      }
      return value;
    };
    for (const [name, definition] of Object.entries($defs ?? {})) {
      this.components[names[name]!] = rewrite(definition) as Json;
    }
    return rewrite(root) as Json;
  }

  /** The schema itself rather than a $ref (query parameters are listed one by one): a name only it introduced is dropped again. */
  inline(schema: z.ZodType, io: 'input' | 'output'): Json {
    const known = new Set(Object.keys(this.components));
    const used = this.use(schema, io) as Json & { $ref?: unknown };
    const prefix = '#/components/schemas/';
    if (typeof used.$ref !== 'string' || !used.$ref.startsWith(prefix)) return used;
    const name = used.$ref.slice(prefix.length);
    const definition = this.components[name]!;
    if (!known.has(name)) delete this.components[name];
    return definition;
  }

  /** A named schema keeps its name unless its input and output sides differ: then the input is `<id>Input`. */
  private nameDefs(keys: string[], io: 'input' | 'output', defs: Record<string, Json>): Record<string, string> {
    const names: Record<string, string> = {};
    for (const key of keys) {
      const existing = this.components[key];
      const same = existing === undefined || JSON.stringify(existing) === JSON.stringify(defs[key]);
      names[key] = same || io === 'output' ? key : `${key}Input`;
    }
    return names;
  }
}

function media(response: OperationResponse, collector: SchemaCollector): Json {
  const content: Json = {};
  if (response.schema) content.schema = collector.use(response.schema, 'output');
  if (response.examples) content.examples = response.examples;
  else if (response.example !== undefined) content.example = response.example;
  return { [response.contentType ?? 'application/json']: content };
}

/** A streaming operation's 200 may also be its event stream (e.g. /ask with prefer.streaming). */
function streamMedia(operation: Operation, status: number): Json {
  if (status !== 200 || !operation.streaming) return {};
  const { contentType, events } = operation.streaming;
  return { [contentType]: { schema: { type: 'string', description: `Server-Sent Events ${events.join(', ')}; each data: line is a JSON object.` } } };
}

const rateLimitHeaderRefs = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
};

function responseObject(operation: Operation, status: number, response: OperationResponse, collector: SchemaCollector): Json {
  const headers: Json = {};
  // A body larger than any endpoint reads is refused by the Node server before the request is counted
  // (src/server/node/site-server.ts): a 413 may come without the counter's headers.
  if (operation.rateLimit && status !== 413) Object.assign(headers, rateLimitHeaderRefs);
  if (status === 429) headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
  for (const [name, description] of Object.entries(response.headers ?? {})) headers[name] = { description, schema: { type: 'string' } };
  return {
    description: response.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(response.schema || response.example !== undefined || response.examples ? { content: { ...media(response, collector), ...streamMedia(operation, status) } } : {}),
  };
}

function parameters(operation: Operation, collector: SchemaCollector): Json[] {
  if (!operation.query) return [];
  const schema = collector.inline(operation.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function security(operation: Operation, enforcement: Enforcement): Json[] {
  if (!operation.scopes.length) return [];
  const { requirement, scopes } = authRequirement(operation.path, operation.method, enforcement);
  // Any one scope suffices; the scopes of one requirement object are all required, so one object each.
  const alternatives = scopes.map((scope) => ({ oauth2: [scope] }));
  // A token this deployment requires is the only way; one it merely uses is optional ({}).
  return requirement === 'required' ? alternatives : [{}, ...alternatives];
}

/** When a token is required, by the operation's token level (route table). */
export const tokenRequired: Record<TokenLevel, string> = {
  write: 'when the deployment sets OAUTH_ENFORCEMENT=write or all',
  all: 'when the deployment sets OAUTH_ENFORCEMENT=all',
  'per-tool': 'per tool: for the write tools when OAUTH_ENFORCEMENT=write or all, for every tool when it is all',
};

function authDescription(operation: Operation, enforcement: Enforcement): string {
  return authRequirement(operation.path, operation.method, enforcement).text;
}

export function buildOpenApi(operations: Operation[], siteUrl: string, enforcement: Enforcement = 'off'): Json {
  const collector = new SchemaCollector();
  const paths: Record<string, Json> = {};
  for (const operation of operations) {
    const path = (paths[operation.path] ??= {});
    const params = parameters(operation, collector);
    path[operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: [operation.description, operation.method === 'OPTIONS' ? '' : authDescription(operation, enforcement)].filter(Boolean).join('\n\n'),
      tags: operation.tags,
      security: security(operation, enforcement),
      ...(params.length ? { parameters: params } : {}),
      ...(operation.request
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                (operation.request.contentTypes ?? ['application/json']).map((type) => [
                  type,
                  {
                    schema: collector.use(operation.request!.schema, 'input'),
                    ...(operation.request!.example !== undefined ? { example: operation.request!.example } : {}),
                  },
                ]),
              ),
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(responsesOf(operation, enforcement)).map(([status, response]) => [status, responseObject(operation, Number(status), response, collector)]),
      ),
      ...(operation.rateLimit ? { 'x-rate-limit-family': operation.rateLimit } : {}),
    };
  }
  const oauth = oauthUrls(siteUrl);
  const oauthScopes = Object.fromEntries(Object.entries(scopeCatalogue).map(([scope, text]) => [scope, text.en]));
  return {
    openapi: '3.1.1',
    info: {
      title: 'Public website API',
      version: API_VERSION,
      description: [
        'Newsletter, contact, consultation slots, chat, MCP and natural-language query endpoints of the site.',
        `Errors: every REST error is an ErrorResponse; error.code is one of ${Object.keys(errorCatalog).length} codes listed with meanings at ${routeUrl(siteUrl, routePaths.errorFormat)}. Retry only when error.retryable is true.`,
        `Rate limits: per client IP (IPv6 by /64) and action family, and per client_id as well for requests with a valid bearer token (a token never widens a budget), per ${WINDOW_SECONDS} s; an MCP, WebMCP or chat tool spends the family of the action it performs (contact_submit and service_inquiry_submit: contact; consultation_book: booking; newsletter tools: subscribe/unsubscribe; consultation_availability: slots; articles_recommend: ask) besides its door's own; every rate-limited response carries X-RateLimit-Limit and X-RateLimit-Remaining, a 429 also Retry-After.`,
        `Authentication: ${enforcementSummary(enforcement)} Metadata: ${oauth.authorizationServer} (RFC 8414) and ${oauth.protectedResource} (RFC 9728). Access tokens are JWTs (ES256 or the key's algorithm, typ at+jwt) valid for ${ACCESS_TOKEN_TTL} s; refresh tokens (code flow) rotate on every use and live ${REFRESH_TOKEN_TTL / 86400} days; codes expire after ${CODE_TTL} s.`,
      ].join('\n\n'),
    },
    servers: [{ url: siteUrl }],
    tags: [...new Set(operations.flatMap((operation) => operation.tags))].map((name) => ({ name })),
    paths,
    components: {
      schemas: collector.components,
      headers: {
        'X-RateLimit-Limit': { description: `Requests allowed per ${WINDOW_SECONDS} s for this client and endpoint family.`, schema: { type: 'integer', minimum: 1 } },
        'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 } },
        'Retry-After': { description: 'Whole seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
      },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description:
            'OAuth 2.0: authorization code with PKCE (S256 only) for people and MCP hosts (dynamic client registration at /.well-known/oauth2/register), client credentials for the configured server client. Tokens are JWTs carrying the scopes; send them as Authorization: Bearer. Metadata: ' + routePaths.authorizationServer + '.',
          flows: {
            authorizationCode: { authorizationUrl: oauth.authorize, tokenUrl: oauth.token, scopes: oauthScopes },
            clientCredentials: { tokenUrl: oauth.token, scopes: oauthScopes },
          },
        },
      },
    },
  };
}
