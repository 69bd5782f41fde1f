/**
 * The one error model (DESIGN.md "Errors"). Every failure a client can see is an AppError with a
 * code from this closed catalogue. REST turns it into ErrorResponse, MCP into a JSON-RPC error or a
 * tool result with isError, /ask into its own shape. Codes never change once published; the
 * catalogue is served by /api/error-format.
 */

export interface ErrorCodeEntry {
  status: number;
  retryable: boolean;
  /** What the code means, for /api/error-format. */
  description: string;
  /** The default hint: what the caller should change. A throw site may give a sharper one. */
  hint: string;
}

export const errorCatalog = {
  invalid_json: {
    status: 400,
    retryable: false,
    description: 'The request body is not valid JSON.',
    hint: 'Send a single JSON object encoded as UTF-8.',
  },
  validation_failed: {
    status: 400,
    retryable: false,
    description: 'A field is missing, has the wrong type or breaks a rule.',
    hint: 'Correct the field named in the message and send the request again.',
  },
  unsupported_media_type: {
    status: 415,
    retryable: false,
    description: 'The request has a Content-Type this endpoint does not accept.',
    hint: 'Send the body as application/json.',
  },
  payload_too_large: {
    status: 413,
    retryable: false,
    description: 'The request body is larger than the endpoint accepts.',
    hint: 'Shorten the body to at most 32 KiB.',
  },
  not_found: {
    status: 404,
    retryable: false,
    description: 'No endpoint or resource exists at this path.',
    hint: 'See GET /api for the list of endpoints.',
  },
  method_not_allowed: {
    status: 405,
    retryable: false,
    description: 'The endpoint exists but does not accept this HTTP method.',
    hint: 'Use one of the methods listed in the Allow header.',
  },
  forbidden_origin: {
    status: 403,
    retryable: false,
    description: 'The request came from a browser origin that may not call this endpoint.',
    hint: "Call the endpoint from the site's own origin or from a server.",
  },
  unauthorized: {
    status: 401,
    retryable: false,
    description: 'A bearer token is required and was missing, malformed, expired or not issued for this server.',
    hint: 'Obtain a token from the token endpoint listed in /.well-known/oauth-authorization-server and send it as Authorization: Bearer <token>.',
  },
  insufficient_scope: {
    status: 403,
    retryable: false,
    description: 'The bearer token lacks the scope this operation needs.',
    hint: 'Request a token with the scope named in the WWW-Authenticate header.',
  },
  rate_limited: {
    status: 429,
    retryable: true,
    description: 'This client sent more requests than the endpoint allows per minute.',
    hint: 'Wait the number of seconds in the Retry-After header, then retry.',
  },
  slot_unavailable: {
    status: 409,
    retryable: true,
    description: 'The consultation slot is taken, past or not a slot; the answer lists fresh alternatives (retryable is false for a past slot).',
    hint: 'Pick one of the alternatives in the answer and book it.',
  },
  not_configured: {
    status: 501,
    retryable: false,
    description: 'The feature is switched off on this deployment.',
    hint: 'Contact the site owner by other means; retrying will not help.',
  },
  provider_unavailable: {
    status: 502,
    retryable: true,
    description: 'An upstream provider (mail, list, scheduling) failed or timed out.',
    hint: 'Retry in a few seconds; nothing was lost on our side.',
  },
  service_unavailable: {
    status: 503,
    retryable: true,
    description: 'The service is temporarily unable to answer (for example the chat assistant is not configured).',
    hint: 'Retry later or use another channel listed in /llms.txt.',
  },
  internal_error: {
    status: 500,
    retryable: true,
    description: 'An unexpected error on our side. It is logged with the request id.',
    hint: 'Retry once; if it persists, report the X-Request-Id header value.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof errorCatalog;
export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

export interface AppErrorOptions {
  hint?: string;
  /** The request field at fault, when there is one (dotted path). */
  field?: string;
  /** Extra headers the HTTP answer must carry (Allow, Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
  /** Overrides the catalogue's status (rare: e.g. 400 instead of 415 where a spec demands it). */
  status?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly hint: string;
  readonly retryable: boolean;
  readonly field?: string;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    const entry: ErrorCodeEntry = errorCatalog[code];
    this.code = code;
    this.status = options.status ?? entry.status;
    this.hint = options.hint ?? entry.hint;
    this.retryable = entry.retryable;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }

  /** The ErrorResponse body of the spec. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, hint: this.hint, retryable: this.retryable } };
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; hint: string; retryable: boolean };
}

/** Any thrown value as an AppError; unknown failures become internal_error without leaking details. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('internal_error', 'Something went wrong on our side.', { cause: error });
}
