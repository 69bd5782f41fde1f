/**
 * Checks HTTP answers against the served /openapi.json: the document must pass a real OpenAPI 3.1
 * validator, and each answer must match the documented operation, status, content type, headers and
 * body JSON Schema (validated with Ajv, JSON Schema 2020-12, with formats).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';

type Json = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface OpenApiChecker {
  document: Json;
  /** Validates a response (body already read) and returns its parsed JSON body. */
  check: (method: string, path: string, response: Response, text?: string) => Promise<any>;
}

/** Fetches /openapi.json, asserts that it is a valid OpenAPI 3.1 document, returns a checker for answers. */
export async function openApiChecker(baseUrl: string): Promise<OpenApiChecker> {
  const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Json;
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  expect(result.errors ?? [], 'the OpenAPI validator finds no errors').toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  // Validating the document blocks this process for seconds on a busy machine; meanwhile the server
  // may close the idle keep-alive connection of the fetch above. Let the event loop see that close
  // before the caller's next request picks the dead socket ("other side closed").
  await new Promise((resolve) => setTimeout(resolve, 50));

  return {
    document,
    async check(method, path, response, text) {
      const operation = document.paths?.[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path} is documented`).toBeTruthy();
      const documented = operation.responses?.[String(response.status)];
      expect(documented, `${method} ${path} documents status ${response.status}`).toBeTruthy();
      for (const [name, header] of Object.entries<Json>(documented.headers ?? {})) {
        if (typeof header.$ref === 'string') {
          // Component headers (rate limits, Retry-After) are promised on every such answer.
          expect(response.headers.get(name), `${method} ${path} ${response.status} carries ${name}`).toMatch(/^\d+$/);
        }
      }
      const body = text ?? (await response.text());
      if (!documented.content) return body;
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const media = documented.content[type];
      expect(media, `${method} ${path} ${response.status} documents ${type}`).toBeTruthy();
      const parsed = type.endsWith('json') ? JSON.parse(body) : body;
      if (media.schema) {
        const key = `${method} ${path} ${response.status} ${type}`;
        let validate = compiled.get(key);
        if (!validate) {
          validate = ajv.compile({ ...media.schema, components: document.components });
          compiled.set(key, validate);
        }
        const valid = validate(parsed);
        expect(validate.errors ?? [], `${key} body matches its schema`).toEqual([]);
        expect(valid).toBe(true);
      }
      return parsed;
    },
  };
}
