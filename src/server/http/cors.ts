/** CORS for the public API: any origin may read it (no cookies are used; the MCP endpoint's origins: mcp/origin.ts), preflights answer 204. */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, Authorization, Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Expose-Headers':
    'X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After, X-Request-Id, Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, Link, X-Llms-Txt',
  'Access-Control-Max-Age': '600',
};

/** The CORS headers themselves come with the route's other headers (the MCP endpoint names its own origins). */
export function preflightResponse(): Response {
  return new Response(null, { status: 204 });
}
