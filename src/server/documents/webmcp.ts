/**
 * The tool definitions a page registers through WebMCP (`document.modelContext.registerTool`): the
 * registry's tools with the same JSON Schemas MCP publishes, a description per language, and whether a
 * person must confirm a call. Prerendered as /webmcp/tools.json and fetched only by browsers that
 * have WebMCP.
 */
import type { Locale } from '../base/i18n';
import { getTool, TOOLSET_VERSION, toolDescriptors } from '../tools/registry';
import { routePaths } from '../base/urls';

export interface WebMcpTool {
  name: string;
  title: string;
  /** What the page's language shows for this tool (`labels` of the registry). */
  labels: Record<Locale, string>;
  /** The agent-facing description, per language. */
  descriptions: Record<Locale, string>;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
  /** Write tools run only after the person confirmed what will be sent. */
  needsConfirmation: boolean;
}

export interface WebMcpDocument {
  version: string;
  /** Where `execute` sends the call: the site's MCP endpoint (JSON-RPC `tools/call`). */
  endpoint: string;
  tools: WebMcpTool[];
}

export function webMcpDocument(): WebMcpDocument {
  return {
    version: TOOLSET_VERSION,
    endpoint: routePaths.mcp,
    tools: toolDescriptors().map((descriptor) => {
      const tool = getTool(descriptor.name)!;
      return {
        name: descriptor.name,
        title: descriptor.title,
        labels: descriptor.labels,
        descriptions: tool.descriptions,
        inputSchema: descriptor.inputSchema,
        readOnly: descriptor.annotations.readOnlyHint,
        needsConfirmation: tool.needsApproval,
      };
    }),
  };
}
