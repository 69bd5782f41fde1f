/**
 * What a tool is (DESIGN.md "Tools"): one module with a name, title, description, zod input and
 * output schemas, annotations, the OAuth scope it needs and one `run`. MCP, the chat and WebMCP
 * are thin adapters over these records.
 */
import type { z } from 'zod';
import type { Locale } from '../i18n';

/** Scopes a bearer token needs for a tool when OAUTH_ENFORCEMENT asks for one (spec "Authentication"). */
export type ToolScope = 'mcp:read' | 'mcp:tools:inquiry' | 'mcp:tools:booking';

/** MCP tool annotations (all four always stated, never left to the protocol's defaults). */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Who is calling: adapters fill what they know. */
export interface ToolContext {
  channel: 'mcp' | 'chat' | 'webmcp' | 'test';
  /** The language of the surrounding conversation, when the input does not say. */
  locale?: Locale;
  requestId?: string;
}

/**
 * What `run` returns: the structured result (valid against the output schema), the same facts as
 * a sentence or two for hosts that show text, and `isError` when the tool could not do its job but
 * still has useful data (a taken slot with alternatives). Other failures are thrown as AppError.
 */
export interface ToolResult<Output> {
  structured: Output;
  text: string;
  isError?: boolean;
}

export interface Tool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  /** `[a-z_]+`, stable: agents and the chat refer to it. */
  name: string;
  title: string;
  /** What a person sees for this tool in each language (chat, WebMCP). */
  labels: Record<Locale, string>;
  /** Written for an agent: when to use it, what it needs, what comes back, what to do next. */
  description: string;
  input: Input;
  output: Output;
  annotations: ToolAnnotations;
  scope: ToolScope;
  /** Arguments of a typical call: shown in the agent documentation, checked against `input` by the tests. */
  example: z.input<Input>;
  /** The MCP Apps view (a ui:// resource) that presents this tool, if any. */
  ui?: { resourceUri: string };
  run(input: z.output<Input>, context: ToolContext): Promise<ToolResult<z.output<Output>>>;
}

/** Identity function that keeps the input and output types of a tool module tied together. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: Tool<Input, Output>,
): Tool<Input, Output> {
  return tool;
}
