/**
 * OAuth 2.0 error answers (RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 8707 §2): their own body
 * `{error, error_description}` rather than the site's ErrorResponse, because OAuth clients parse it.
 * An OAuthError names its RFC code directly (the protocol decides it, not the site catalogue);
 * anything else thrown at an OAuth endpoint is answered through errors.ts `oauthError`.
 */
import { oauthError as answerOf, type OAuthErrorCode } from '../errors';

export type { OAuthErrorCode };

export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(error: OAuthErrorCode, description: string, options: { status?: number; headers?: Record<string, string> } = {}) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
    this.status = options.status ?? (error === 'invalid_client' ? 401 : error === 'server_error' ? 500 : 400);
    this.headers = options.headers ?? {};
  }
}

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}

export function oauthErrorBody(error: OAuthError): OAuthErrorBody {
  return { error: error.error, error_description: error.message };
}

/** Every OAuth answer, success or error, is JSON that must never be cached (RFC 6749 §5.1). */
export const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...noStore, ...headers },
  });
}

/** An OAuthError as its JSON answer; anything else is a server_error without details (logged). */
export function oauthErrorResponse(error: unknown): Response {
  if (!(error instanceof OAuthError)) {
    const answer = answerOf(error);
    return oauthJson(answer.body, answer.status, answer.headers);
  }
  return oauthJson(oauthErrorBody(error), error.status, error.headers);
}
