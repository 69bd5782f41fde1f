/**
 * Which HTTP concerns apply to which paths: the rate-limit family (a RATE_LIMIT_* setting) and
 * whether cross-origin callers are welcome (CORS). One table, read by the middleware.
 */
export type RateLimitFamily = 'subscribe' | 'unsubscribe' | 'contact' | 'mcp' | 'ask' | 'slots' | 'chat' | 'oauth';

export interface RoutePolicy {
  family?: RateLimitFamily;
  /** Answer preflights and add Access-Control-* headers. */
  cors: boolean;
  /** Part of the JSON API: unknown paths here get an ErrorResponse-shaped 404. */
  api: boolean;
}

const table: Array<[RegExp, RoutePolicy]> = [
  [/^\/api\/subscribe\/?$/, { family: 'subscribe', cors: true, api: true }],
  [/^\/api\/newsletter\/unsubscribe\/?$/, { family: 'unsubscribe', cors: true, api: true }],
  [/^\/api\/contact\/?$/, { family: 'contact', cors: true, api: true }],
  [/^\/api\/consultation\/(slots|book)\/?$/, { family: 'slots', cors: true, api: true }],
  [/^\/api\/chat(\/.*)?$/, { family: 'chat', cors: true, api: true }],
  [/^\/(api\/)?mcp(\/.*)?$/, { family: 'mcp', cors: true, api: true }],
  [/^\/\.well-known\/mcp\/?$/, { family: 'mcp', cors: true, api: true }],
  [/^\/ask\/?$/, { family: 'ask', cors: true, api: true }],
  [/^\/\.well-known\/oauth2\//, { family: 'oauth', cors: true, api: true }],
  // Catalogs and unknown /api paths: no counter (nothing to protect; a 404 costs nothing).
  [/^\/api(\/.*)?$/, { cors: true, api: true }],
  [/^\/openapi\.json$/, { cors: true, api: false }],
  [/^\/\.well-known\//, { cors: true, api: false }],
];

export function policyFor(pathname: string): RoutePolicy | undefined {
  return table.find(([pattern]) => pattern.test(pathname))?.[1];
}
