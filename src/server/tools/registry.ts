/**
 * The one tool registry. MCP (src/server/mcp), the chat assistant and WebMCP adapt these records;
 * nothing else lists tools. `runTool` validates arguments with the tool's schema and turns every
 * failure into a result a model can act on (the mapping is errors.ts's `toolFailure`).
 */
import { z } from 'zod';
import { fault, type ToolFailure, toolFailure } from '../base/errors';
import { validate } from '../http/body';
import { spendActionBudget } from '../http/rate-limit';
import { articlesRecommend } from './articles-recommend';
import { caseStudiesList, caseStudyGet } from './case-studies';
import { consultationAvailability } from './consultation-availability';
import { consultationBook } from './consultation-book';
import { contactSubmit } from './contact-submit';
import { newsletterSubscribe } from './newsletter-subscribe';
import { newsletterUnsubscribe } from './newsletter-unsubscribe';
import { pricingGet } from './pricing-get';
import { serviceInquirySubmit } from './service-inquiry-submit';
import { servicesList } from './services-list';
import type { Tool, ToolAnnotations, ToolContext, ToolScope } from './tool';

export type { Tool, ToolAnnotations, ToolAuth, ToolContext, ToolResult, ToolScope } from './tool';
export type { ToolFailure } from '../base/errors';
export { uiResources } from './ui';

/** Version of the tool set (published in the MCP discovery documents; raised when a tool changes). */
export const TOOLSET_VERSION = '1.7.0';

/** In the order agents should meet them: read, then write, booking last. */
export const tools: readonly Tool[] = [
  articlesRecommend,
  servicesList,
  pricingGet,
  caseStudiesList,
  caseStudyGet,
  contactSubmit,
  serviceInquirySubmit,
  consultationAvailability,
  consultationBook,
  newsletterSubscribe,
  newsletterUnsubscribe,
] as unknown as readonly Tool[];

export const toolNames = tools.map((tool) => tool.name);
const byName = new Map(tools.map((tool) => [tool.name, tool]));

export function getTool(name: string): Tool | undefined {
  return byName.get(name);
}

/**
 * zod writes its own regex beside `format` (email, date, date-time): hundreds of characters per
 * field that every model reading tools/list pays for in tokens, saying nothing `format` does not.
 * The server still validates with zod, so the regex is dropped where a format names the rule.
 */
function withoutFormatPatterns(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFormatPatterns);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const hasFormat = entries.some(([key, inner]) => key === 'format' && typeof inner === 'string');
  return Object.fromEntries(
    entries.filter(([key]) => !(hasFormat && key === 'pattern')).map(([key, inner]) => [key, withoutFormatPatterns(inner)]),
  );
}

/**
 * The JSON Schema of a zod schema as MCP clients read it: JSON Schema 2020-12, the dialect MCP
 * 2025-11-25 makes the default (named in `$schema` for clients of older revisions, which assumed
 * draft-07). zod writes nothing here whose meaning differs between the two (no tuples), so a
 * draft-07 validator, such as the 1.x SDK client's, still reads it as meant.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = withoutFormatPatterns(z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' })) as Record<string, unknown>;
  // A schema with `.meta({ id })` comes out as `{ $ref, $defs }`; MCP wants `type: "object"` at the root.
  const ref = json.$ref;
  const defs = json.$defs as Record<string, Record<string, unknown>> | undefined;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/') || !defs) return json;
  const name = ref.slice('#/$defs/'.length);
  const { [name]: root, ...others } = defs;
  const { $ref: _ref, $defs: _defs, ...rest } = json;
  return { ...rest, ...root, ...(Object.keys(others).length ? { $defs: others } : {}) };
}

/** A tool as plain JSON: what MCP `tools/list`, the discovery documents and WebMCP publish. */
export interface ToolDescriptor {
  name: string;
  title: string;
  /** For people, per language (chat, WebMCP). */
  labels: Tool['labels'];
  /** The English description (MCP publishes this one). */
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: ToolAnnotations & { title: string };
  scope: ToolScope;
  uiResourceUri?: string;
}

let descriptors: ToolDescriptor[] | undefined;

/** Descriptors of every tool, computed once (schemas do not change while the process runs). */
export function toolDescriptors(): ToolDescriptor[] {
  descriptors ??= tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    labels: tool.labels,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input, 'input'),
    outputSchema: jsonSchemaOf(tool.output, 'output'),
    annotations: { title: tool.title, ...tool.annotations },
    scope: tool.scope,
    ...(tool.ui ? { uiResourceUri: tool.ui.resourceUri } : {}),
  }));
  return descriptors;
}

/**
 * A tool call's outcome, the registry's own shape (MCP adapts it in src/server/mcp/server.ts, the
 * chat hands it to the model as is): the structured result when the tool produced one, the same
 * facts as text, `isError` when the call failed or could not do its job, and why when it failed.
 */
export interface ToolOutcome {
  data?: Record<string, unknown>;
  text: string;
  isError: boolean;
  error?: ToolFailure;
}

/**
 * Runs a tool on already validated input; an AppError (provider down, mail off, the action's budget
 * spent) becomes an error outcome with its message and hint. Unknown failures are logged and
 * reported without detail. The action's budget is the caller's, the same one its REST endpoint spends.
 */
export async function runValidated(tool: Tool, input: unknown, context: ToolContext): Promise<ToolOutcome> {
  try {
    if (tool.budget && context.caller) await spendActionBudget(tool.budget, context.caller);
    const result = await tool.run(input as never, context);
    return { data: result.data as Record<string, unknown>, text: result.text, isError: result.isError ?? false };
  } catch (thrown) {
    return toolFailure(thrown, `tool ${tool.name}`);
  }
}

/** Validates raw arguments (a validation_failed outcome names the field) and runs the tool. */
export async function runTool(name: string, args: unknown, context: ToolContext): Promise<ToolOutcome> {
  const tool = getTool(name);
  if (!tool) {
    return toolFailure(fault('validation_failed.unknown_tool', { name, tools: toolNames }, { field: 'name' }));
  }
  let input: unknown;
  try {
    input = validate(tool.input, args ?? {});
  } catch (thrown) {
    return toolFailure(thrown);
  }
  return runValidated(tool, input, context);
}
