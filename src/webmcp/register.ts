/**
 * WebMCP: registers the site's tools with the browser (`document.modelContext`, or
 * `navigator.modelContext` in older drafts) so an agent acting inside the page can call them instead
 * of scraping and clicking. Loaded only where the browser has WebMCP (see WebMcpLoader.astro).
 *
 * Definitions come from /webmcp/tools.json (the registry's tools, with MCP's JSON Schemas); a call
 * goes to the site's MCP endpoint as `tools/call`, so the answer is the MCP server's own. Tools that
 * change something first show the person exactly what will be sent, and run only once confirmed.
 */
import type { WebMcpDocument, WebMcpTool } from '../server/documents/webmcp';
import { confirmCall } from './confirm';
import { pageContext, withPageDefaults } from './page-context';
import { routePaths } from '../server/base/urls';

interface ModelContext {
  registerTool(tool: {
    name: string;
    description: string;
    inputSchema: Record<string, unknown>;
    annotations?: { readOnlyHint?: boolean };
    execute(input: Record<string, unknown>): Promise<CallResult>;
  }): void;
}

interface CallResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const failure = (text: string): CallResult => ({ content: [{ type: 'text', text }], isError: true });

let requestId = 0;

async function callTool(endpoint: string, name: string, input: Record<string, unknown>): Promise<CallResult> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++requestId, method: 'tools/call', params: { name, arguments: input } }),
    });
  } catch {
    return failure('The site could not be reached. Check the connection, then try again.');
  }
  const body = (await response.json().catch(() => undefined)) as
    | { result?: CallResult; error?: { message: string; data?: { hint?: string } } | { code: string; message: string; hint: string } }
    | undefined;
  if (body?.result) return body.result;
  // A JSON-RPC error (protocol) or the site's ErrorResponse (rate limit): the message and what to do.
  const error = body?.error;
  if (error) {
    const hint = 'hint' in error ? error.hint : error.data?.hint;
    return failure(`${error.message}${hint ? ` ${hint}` : ''}`);
  }
  return failure(`The site answered HTTP ${response.status} without a result. Try again later.`);
}

function register(context: ModelContext, document_: WebMcpDocument) {
  const page = pageContext();
  for (const tool of document_.tools) {
    context.registerTool({
      name: tool.name,
      description: tool.descriptions[page.locale],
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: tool.readOnly },
      execute: (input) => execute(document_.endpoint, tool, withPageDefaults(tool, input ?? {}, page)),
    });
  }
}

async function execute(endpoint: string, tool: WebMcpTool, input: Record<string, unknown>): Promise<CallResult> {
  const locale = pageContext().locale;
  if (tool.needsConfirmation && !(await confirmCall(tool, input, locale))) {
    return failure(locale === 'pl' ? 'Osoba nie potwierdziła: nic nie zostało wysłane.' : 'The person did not confirm: nothing was sent.');
  }
  return callTool(endpoint, tool.name, input);
}

const modelContext = ((document as unknown as { modelContext?: ModelContext }).modelContext ??
  (navigator as unknown as { modelContext?: ModelContext }).modelContext) as ModelContext | undefined;

if (modelContext) {
  fetch(routePaths.webMcpTools)
    .then((response) => response.json() as Promise<WebMcpDocument>)
    .then((definitions) => register(modelContext, definitions))
    .catch((error) => console.warn('[webmcp] tools not registered:', error));
}
