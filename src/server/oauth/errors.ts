/**
 * OAuth 2.0 answers on the wire: JSON never cached (RFC 6749 §5.1) and errors in their own body
 * `{error, error_description}` (§5.2) rather than the site's ErrorResponse, because OAuth clients
 * parse it. The errors themselves (codes, statuses, headers, sentences) are the catalogue's:
 * `OAuthError` and `oauthError` in errors.ts.
 */
import { oauthError, oauthErrorBody, OAuthError, type OAuthErrorBody, type OAuthErrorCode } from '../base/errors';

export { OAuthError, oauthErrorBody };
export type { OAuthErrorBody, OAuthErrorCode };

/** Every OAuth answer, success or error, is JSON that must never be cached (RFC 6749 §5.1). */
export const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...noStore, ...headers },
  });
}

/** Any thrown value as its OAuth JSON answer; anything unforeseen is a server_error without details (logged). */
export function oauthErrorResponse(error: unknown): Response {
  const answer = oauthError(error);
  return oauthJson(answer.body, answer.status, answer.headers);
}
