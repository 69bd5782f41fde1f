/**
 * Which browser origins may call the MCP endpoint, stated once; mcp/http.ts refuses the others (403)
 * and the CORS headers of /mcp, /api/mcp and /.well-known/mcp name exactly the allowed ones.
 *
 * Allowed: no Origin (servers, CLIs and hosted clients send none), the origin of SITE_URL, and
 * loopback origins (localhost, 127.0.0.0/8, [::1], any port), where browser-based MCP clients such
 * as the Inspector's web UI run on the user's own machine. Refused: every other origin, "null" and
 * garbage. A DNS-rebinding page is served from a name its author controls, never from a loopback
 * origin; an Origin that merely matches the request's Host is refused too, since a rebinding page
 * sends exactly that pair. GET discovery stays readable by any origin: it is public data.
 */
import { getSettings } from '../base/settings';

export function originAllowed(request: Request, siteUrl = getSettings().SITE_URL): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file://) and garbage
  }
  if (parsed.origin === 'null') return false;
  return parsed.origin === originOf(siteUrl) || isLoopback(parsed);
}

function isLoopback(url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

const origins = new Map<string, string>();
/** SITE_URL's origin, parsed once (it is fixed for the life of the process). */
function originOf(url: string): string {
  let origin = origins.get(url);
  if (origin === undefined) origins.set(url, (origin = new URL(url).origin));
  return origin;
}

/**
 * The CORS answer of the MCP endpoint: discovery (GET, HEAD) for any origin; the protocol (POST and
 * its preflight) for the allowed origins only, named one by one, so a browser never reads an answer
 * the Origin check would refuse.
 */
export function mcpCorsOrigin(request: Request): Record<string, string> {
  const origin = request.headers.get('origin');
  const method = request.method === 'OPTIONS' ? (request.headers.get('access-control-request-method') ?? 'POST') : request.method;
  if (origin === null || method === 'GET' || method === 'HEAD') return { 'Access-Control-Allow-Origin': '*' };
  // POST answers are no-store and preflights are not shared-cached: no Vary: Origin is needed.
  return originAllowed(request) ? { 'Access-Control-Allow-Origin': origin } : {};
}
