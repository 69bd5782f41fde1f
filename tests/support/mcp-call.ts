/**
 * One MCP tool call over the Streamable HTTP transport in its stateless form, as a plain fetch: a
 * single JSON-RPC `tools/call` answered with JSON. For tests about what a tool does with a record or a
 * setting; the protocol itself is tested with the MCP SDK's client (tests/http/mcp-*.test.ts).
 */
export type ToolResult = {
  isError?: boolean;
  content: Array<{ type: string; text: string }>;
  structuredContent?: Record<string, unknown>;
};

export async function callTool(baseUrl: string, name: string, args: object, headers: Record<string, string> = {}): Promise<{ status: number; result: ToolResult }> {
  const response = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const body = (await response.json()) as { result?: ToolResult; error?: { message: string } };
  if (!body.result) throw new Error(`tools/call ${name} answered ${response.status}: ${body.error?.message ?? JSON.stringify(body)}`);
  return { status: response.status, result: body.result };
}
