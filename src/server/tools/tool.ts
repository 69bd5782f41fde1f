/**
 * What a tool is: one module with a name, title, descriptions, zod input and
 * output schemas, annotations, the OAuth scope it needs, whether a person must approve a call, and
 * one `run`. MCP, the chat and WebMCP are thin adapters over these records.
 */
import type { z } from 'zod';
import type { Caller } from '../http/caller';
import type { RateLimitFamily } from '../http/route-table';
import type { Locale } from '../base/i18n';
import type { McpScope, Scope } from '../base/scopes';
import { ui } from '../../i18n/ui';

/** Scopes a bearer token needs for a tool when OAUTH_ENFORCEMENT asks for one: the MCP scopes of the catalogue. */
export type ToolScope = McpScope;

/** MCP tool annotations (all four always stated, never left to the protocol's defaults). */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The caller's verified token, when the adapter has one (OAuth). */
export interface ToolAuth {
  clientId: string;
  /** Who the token speaks for (the `sub` claim; the client itself for client credentials). */
  subject: string;
  scopes: Scope[];
}

/** Who is calling: adapters fill what they know. */
export interface ToolContext {
  channel: 'mcp' | 'chat' | 'webmcp' | 'test';
  /** The language of the surrounding conversation, when the input does not say. */
  locale?: Locale;
  requestId?: string;
  /** Aborted when the caller goes away (MCP cancellation, the chat's stop button). */
  signal?: AbortSignal;
  auth?: ToolAuth;
  /** Whose budget a call spends (the request's caller); absent only where no client exists (tests). */
  caller?: Caller;
}

/**
 * What `run` returns: the structured result (valid against the output schema), the same facts as
 * a sentence or two for hosts that show text, and `isError` when the tool could not do its job but
 * still has useful data (a taken slot with alternatives). Other failures are thrown as AppError.
 */
export interface ToolResult<Output> {
  data: Output;
  text: string;
  isError?: boolean;
}

export interface ToolDefinition<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  /** `[a-z_]+`, stable: agents and the chat refer to it. */
  name: string;
  title: string;
  /** What it is for, in a few words: the MCP server instructions and the chat's prompt list it. */
  role: string;
  /** What a person sees for this tool in each language (chat, WebMCP). */
  labels: Record<Locale, string>;
  /** Written for an agent, per language: when to use it, what it needs, what comes back, what to do next. */
  descriptions: Record<Locale, string>;
  input: Input;
  output: Output;
  annotations: ToolAnnotations;
  scope: ToolScope;
  /**
   * The rate-limit family of the action this tool performs (the same one its REST endpoint spends),
   * spent by the caller before `run`; absent for reads that cost no more than the door's own budget.
   */
  budget?: RateLimitFamily;
  /** True when a person must approve each call before it runs (every tool that sends, books or changes something). */
  needsApproval: boolean;
  /** Arguments of a typical call: shown in the agent documentation, checked against `input` by the tests. */
  example: z.input<Input>;
  /** The MCP Apps view (a ui:// resource) that presents this tool, if any. */
  ui?: { resourceUri: string };
  run(input: z.output<Input>, context: ToolContext): Promise<ToolResult<z.output<Output>>>;
}

export interface Tool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> extends ToolDefinition<Input, Output> {
  /** The English description: what MCP, OpenAPI and the discovery documents publish. */
  readonly description: string;
}

/** Keeps the input and output types of a tool module tied together; `description` is the English one. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(tool: ToolDefinition<Input, Output>): Tool<Input, Output> {
  return { ...tool, description: tool.descriptions.en };
}

/** A tool's label and description in both languages, from the interface strings. */
export function toolTexts(name: keyof typeof ui.pl.tools): Pick<ToolDefinition, 'labels' | 'descriptions'> {
  return {
    labels: { pl: ui.pl.tools[name].label, en: ui.en.tools[name].label },
    descriptions: { en: ui.en.tools[name].description, pl: ui.pl.tools[name].description },
  };
}
