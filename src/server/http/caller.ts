/**
 * Who is asking, as the budgets see it: the client's network address (its rate-limit key, IPv6 by
 * /64) and, when the request carried a valid token, the OAuth client it was issued to. The
 * middleware works it out once per request; every door (REST, MCP, WebMCP, chat, A2A) hands the
 * same caller to the action it performs, so an action spends one budget whichever door it came by.
 */
export interface Caller {
  /** The rate-limit key of the client's address (src/server/http/client-ip.ts). Always spent. */
  ipKey: string;
  /** The OAuth client of a valid bearer token: a second, narrower budget, never a wider one. */
  clientId?: string;
}
