/** The tool registry: names, schemas, examples, scopes, and how failures become tool results. */
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSettingsForTests } from '../../src/server/base/settings';
import { getTool, runTool, toolDescriptors, toolNames, tools } from '../../src/server/tools/registry';
import { offeredToolNames } from '../support/spec-tools';

describe('the tool registry', () => {
  it('holds the nine tools of the specification and the case-study reads, each named as MCP recommends', () => {
    expect(toolNames).toEqual(offeredToolNames);
    for (const name of toolNames) expect(name).toMatch(/^[a-z_]{1,64}$/);
  });

  it('publishes input and output schemas as JSON Schema objects with type "object" at the root', () => {
    for (const descriptor of toolDescriptors()) {
      expect(descriptor.inputSchema.type, descriptor.name).toBe('object');
      expect(descriptor.outputSchema.type, descriptor.name).toBe('object');
      expect(descriptor.inputSchema.$ref, descriptor.name).toBeUndefined();
    }
  });

  it('publishes JSON Schema 2020-12 (the MCP 2025-11-25 default), with no keyword a draft-07 validator reads otherwise', () => {
    for (const descriptor of toolDescriptors()) {
      for (const schema of [descriptor.inputSchema, descriptor.outputSchema]) {
        expect(schema.$schema, descriptor.name).toBe('https://json-schema.org/draft/2020-12/schema');
        // Tuples (prefixItems), definitions and the dynamic or unevaluated keywords mean other things, or nothing, in draft-07.
        const text = JSON.stringify(schema);
        for (const keyword of ['prefixItems', 'definitions', '$dynamicRef', '$dynamicAnchor', 'unevaluatedProperties', 'unevaluatedItems', 'dependentSchemas']) {
          expect(text, `${descriptor.name}: ${keyword}`).not.toContain(`"${keyword}"`);
        }
      }
    }
  });

  it('has examples that the zod schema and the published JSON Schema accept, read as 2020-12 and as older clients read it', () => {
    const ajv2020 = new Ajv2020({ strict: false });
    addFormats(ajv2020);
    // How the 1.x MCP SDK client compiles a tool's schemas: draft-07 Ajv, the meta-schema not checked.
    const ajv07 = new Ajv({ strict: false, validateSchema: false });
    addFormats(ajv07);
    for (const [index, tool] of tools.entries()) {
      expect(tool.input.safeParse(tool.example).success, tool.name).toBe(true);
      for (const ajv of [ajv2020, ajv07]) {
        const validate = ajv.compile(toolDescriptors()[index]!.inputSchema);
        expect(validate(tool.example), `${tool.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        ajv.compile(toolDescriptors()[index]!.outputSchema);
      }
    }
  });

  it('publishes the input rules in the JSON Schemas', () => {
    const inquiry = toolDescriptors().find((tool) => tool.name === 'service_inquiry_submit')!.inputSchema as { properties: Record<string, { minLength?: number; format?: string }>; required: string[] };
    expect(inquiry.properties.fullName!.minLength).toBe(3);
    expect(inquiry.properties.supportArea!.minLength).toBe(3);
    expect(inquiry.properties.email!.format).toBe('email');
    expect(inquiry.required.sort()).toEqual(['email', 'fullName', 'supportArea']);
    const book = toolDescriptors().find((tool) => tool.name === 'consultation_book')!.inputSchema as { properties: Record<string, { format?: string }>; required: string[] };
    expect(book.properties.start!.format).toBe('date-time');
    expect(book.required.sort()).toEqual(['email', 'fullName', 'start', 'timeZone']);
    const contact = toolDescriptors().find((tool) => tool.name === 'contact_submit')!.inputSchema as { required: string[] };
    expect(contact.required.sort()).toEqual(['email', 'message', 'name']);
    const subscribe = toolDescriptors().find((tool) => tool.name === 'newsletter_subscribe')!.inputSchema as { properties: Record<string, { const?: unknown }> };
    expect(subscribe.properties.consent!.const).toBe(true);
  });

  it('keeps `format` and leaves out the regex zod writes beside it (tokens for every model)', () => {
    const text = JSON.stringify(toolDescriptors());
    expect(text).toContain('"format":"email"');
    expect(text).toContain('"format":"date-time"');
    expect(text).not.toContain('"pattern"');
  });

  it('marks read tools read-only with scope mcp:read, and write tools with the write scopes', () => {
    for (const tool of tools) {
      if (tool.annotations.readOnlyHint) {
        expect(tool.scope, tool.name).toBe('mcp:read');
        expect(tool.annotations.destructiveHint, tool.name).toBe(false);
      } else {
        expect(['mcp:tools:inquiry', 'mcp:tools:booking'], tool.name).toContain(tool.scope);
      }
    }
    expect(getTool('consultation_book')!.scope).toBe('mcp:tools:booking');
    expect(getTool('newsletter_unsubscribe')!.annotations.destructiveHint).toBe(true);
  });

  it('has a label for people in Polish and English', () => {
    for (const tool of tools) {
      expect(tool.labels.pl.length, tool.name).toBeGreaterThan(3);
      expect(tool.labels.en.length, tool.name).toBeGreaterThan(3);
    }
    expect(new Set(tools.map((tool) => tool.labels.pl)).size).toBe(tools.length);
  });

  it('tells the agent the booking flow in the booking tools', () => {
    expect(getTool('consultation_availability')!.description).toMatch(/pick.*confirm.*consultation_book/s);
    expect(getTool('consultation_book')!.description).toMatch(/consultation_availability/);
    expect(getTool('consultation_book')!.description).toMatch(/link_only/);
  });
});

describe('runTool', () => {
  afterEach(() => {
    delete process.env.MAIL_PROVIDER;
    resetSettingsForTests();
  });

  it('answers an unknown tool with an error naming the tools that exist', async () => {
    const outcome = await runTool('nope', {}, { channel: 'test' });
    expect(outcome.isError).toBe(true);
    expect(outcome.error).toMatchObject({ code: 'validation_failed', field: 'name' });
    expect(outcome.text).toContain('pricing_get');
  });

  it('answers bad arguments with validation_failed naming the field', async () => {
    const outcome = await runTool('service_inquiry_submit', { fullName: 'Al', email: 'al@example.org', supportArea: 'website' }, { channel: 'test' });
    expect(outcome).toMatchObject({ isError: true, error: { code: 'validation_failed', field: 'fullName' } });
    expect(outcome.data).toBeUndefined();
  });

  it('turns an AppError of the action into an error result with its message and hint', async () => {
    process.env.MAIL_PROVIDER = 'off';
    resetSettingsForTests();
    const outcome = await runTool('newsletter_subscribe', { email: 'reader@example.org', consent: true }, { channel: 'test' });
    expect(outcome).toMatchObject({ isError: true, error: { code: 'not_configured', retryable: false } });
    expect(outcome.text).toMatch(/MAIL_PROVIDER=off/);
    expect(outcome.text).toMatch(/retrying will not help/);
  });
});
