/**
 * The one error model and every mapping of it. Every failure a client can see
 * is an AppError with a code from this closed catalogue; this module alone decides what it becomes:
 *
 * | surface                       | function            | shape                                            |
 * |-------------------------------|---------------------|--------------------------------------------------|
 * | REST                          | `restError`         | status, headers, ErrorResponse body              |
 * | MCP transport (JSON-RPC)      | `jsonRpcError`      | status, JSON-RPC error response (SDK ErrorCode)   |
 * | tool result (MCP, chat, WebMCP)| `toolFailure`      | the registry's failed ToolOutcome (isError)      |
 * | chat (AI SDK UI message stream)| `errorForStream`   | the `error` chunk, text in the request's language |
 * | OAuth 2.0 endpoints           | `oauthError`        | status, headers, RFC 6749 §5.2 body               |
 *
 * Codes never change once published; the catalogue (with its messages and hints) is served by
 * /api/error-format, so the documented examples and the thrown errors are the same text.
 */
import { ErrorCode as RpcCode, type JSONRPCErrorResponse, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { errorMessages, oauthMessages, write, type ArgsOf, type MessageKey, type MessageParams, type OAuthMessageKey, type OAuthMessageParams } from './error-messages.ts';
import type { Locale } from './i18n';
import { logger } from './log.ts';
import { getSettings } from './settings.ts';
import { storageFaultOf } from './storage-faults.ts';

/**
 * JSON-RPC "server error" range code the SDK's own Streamable HTTP transport answers HTTP-level
 * refusals with (wrong method, bad Accept): the SDK's enum names the same number ConnectionClosed.
 */
export const RPC_SERVER_REFUSAL = RpcCode.ConnectionClosed;

/**
 * "Resource not found" as the 2025-era MCP specifications recommend it (`-32002`, with the URI in
 * `data.uri`). 2026-07-28 moved it to `-32602` (Invalid Params), which the SDK answers in that era.
 */
export const RPC_RESOURCE_NOT_FOUND = -32002;

/** RFC 6749 §5.2 error codes, plus §4.1.2.1's for the authorization endpoint and 6750 §3.1's. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'temporarily_unavailable'
  | 'invalid_token'
  | 'insufficient_scope'
  // RFC 8707 §2 (resource indicators) and RFC 7591 §3.2.2 (dynamic client registration).
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

export interface ErrorCodeEntry {
  status: number;
  retryable: boolean;
  /** What the code means, for /api/error-format. */
  description: string;
  /** The message of an error thrown without a sharper one, and of the documented examples. */
  message: string;
  /** The default hint: what the caller should change. A throw site may give a sharper one. */
  hint: string;
  /** What a person reads when this happens in the chat, per language (no internals, no codes). */
  says: Record<Locale, string>;
  /** The JSON-RPC error code of the MCP transport. */
  rpc: number;
  /** The RFC 6749 error code at the OAuth endpoints (a throw site may name a sharper one). */
  oauth: OAuthErrorCode;
}

export const errorCatalog = {
  invalid_json: {
    status: 400,
    retryable: false,
    description: 'The request body is not valid JSON.',
    message: 'The request body is not valid JSON.',
    hint: 'Send a single JSON object encoded as UTF-8.',
    says: { pl: 'Wiadomość nie dotarła w czytelnej postaci. Spróbuj wysłać ją jeszcze raz.', en: 'The message did not arrive in a readable form. Please send it again.' },
    rpc: RpcCode.ParseError,
    oauth: 'invalid_request',
  },
  validation_failed: {
    status: 400,
    retryable: false,
    description: 'A field is missing, has the wrong type or breaks a rule.',
    message: 'A field is missing or breaks a rule.',
    hint: 'Correct the field named in the message and send the request again.',
    says: { pl: 'Coś w wiadomości się nie zgadza. Popraw ją i wyślij ponownie.', en: 'Something in the message is not right. Please correct it and send it again.' },
    rpc: RpcCode.InvalidRequest,
    oauth: 'invalid_request',
  },
  unsupported_media_type: {
    status: 415,
    retryable: false,
    description: 'The request has a Content-Type this endpoint does not accept.',
    message: 'This Content-Type is not accepted here.',
    hint: 'Send the body as application/json.',
    says: { pl: 'Przeglądarka wysłała wiadomość w nieobsługiwanym formacie. Odśwież stronę i spróbuj ponownie.', en: 'The browser sent the message in a format we do not accept. Reload the page and try again.' },
    rpc: RpcCode.InvalidRequest,
    oauth: 'invalid_request',
  },
  payload_too_large: {
    status: 413,
    retryable: false,
    description: 'The request body is larger than the endpoint accepts.',
    message: 'The request body is larger than 32 KiB.',
    hint: 'Shorten the body to at most 32 KiB.',
    says: { pl: 'Rozmowa jest za długa. Zacznij nową, krótszą.', en: 'The conversation is too long. Please start a new, shorter one.' },
    rpc: RpcCode.InvalidRequest,
    oauth: 'invalid_request',
  },
  not_found: {
    status: 404,
    retryable: false,
    description: 'No endpoint or resource exists at this path.',
    message: 'Nothing exists at this path.',
    hint: 'See GET /api for the list of endpoints.',
    says: { pl: 'Nie znaleziono tego, o co prosisz.', en: 'What you asked for was not found.' },
    rpc: RpcCode.MethodNotFound,
    oauth: 'invalid_request',
  },
  method_not_allowed: {
    status: 405,
    retryable: false,
    description: 'The endpoint exists but does not accept this HTTP method.',
    message: 'This endpoint does not accept this HTTP method.',
    hint: 'Use one of the methods listed in the Allow header.',
    says: { pl: 'Tej operacji nie da się tu wykonać.', en: 'This operation is not possible here.' },
    rpc: RPC_SERVER_REFUSAL,
    oauth: 'invalid_request',
  },
  forbidden_origin: {
    status: 403,
    retryable: false,
    description: 'The request came from a browser origin that may not call this endpoint.',
    message: 'This origin may not call this endpoint.',
    hint: "Call the endpoint from the site's own origin or from a server.",
    says: { pl: 'Czat działa tylko na stronie, na której go uruchomiono.', en: 'The chat works only on the site it belongs to.' },
    rpc: RPC_SERVER_REFUSAL,
    oauth: 'invalid_request',
  },
  unauthorized: {
    status: 401,
    retryable: false,
    description: 'A bearer token is required and was missing, malformed, expired or not issued for this server.',
    message: 'A valid bearer token is required.',
    hint: 'Obtain a token from the token endpoint listed in /.well-known/oauth-authorization-server and send it as Authorization: Bearer <token>.',
    says: { pl: 'Ta operacja wymaga zalogowania.', en: 'This operation requires signing in.' },
    rpc: RPC_SERVER_REFUSAL,
    oauth: 'invalid_client',
  },
  insufficient_scope: {
    status: 403,
    retryable: false,
    description: 'The bearer token lacks the scope this operation needs.',
    message: 'The bearer token lacks the scope this operation needs.',
    hint: 'Request a token with the scope named in the WWW-Authenticate header.',
    says: { pl: 'Brak uprawnień do tej operacji.', en: 'You are not allowed to do this.' },
    rpc: RPC_SERVER_REFUSAL,
    oauth: 'invalid_scope',
  },
  rate_limited: {
    status: 429,
    retryable: true,
    description: 'This client sent more requests than the endpoint allows per minute.',
    message: 'Too many requests.',
    hint: 'Wait the number of seconds in the Retry-After header, then retry.',
    says: { pl: 'Za dużo wiadomości naraz. Odczekaj chwilę i spróbuj ponownie.', en: 'Too many messages at once. Please wait a moment and try again.' },
    rpc: RPC_SERVER_REFUSAL,
    oauth: 'temporarily_unavailable',
  },
  slot_unavailable: {
    status: 409,
    retryable: true,
    description: 'The consultation slot is taken, past or not a slot; the answer lists fresh alternatives (retryable is false for a past slot).',
    message: 'This consultation slot is no longer free.',
    hint: 'Pick one of the alternatives in the answer and book it.',
    says: { pl: 'Ten termin jest już zajęty. Wybierz inny z proponowanych.', en: 'This slot is no longer free. Please pick another one from the list.' },
    rpc: RpcCode.InvalidParams,
    oauth: 'invalid_request',
  },
  booking_limit_reached: {
    status: 409,
    // Not 429: waiting seconds does not help (a place frees when a booked consultation has passed),
    // and clients retry a 429 by themselves.
    retryable: false,
    description:
      'The e-mail address or the client already holds as many open (future) consultation bookings as this site allows (BOOKING_MAX_OPEN_PER_EMAIL, BOOKING_MAX_OPEN_PER_IP); nothing was booked.',
    message: 'This e-mail address or network already holds as many upcoming consultations as the site allows.',
    hint: 'Keep the consultation already booked, or cancel it with the link in its confirmation mail; retrying will not help.',
    says: {
      pl: 'Na ten adres e-mail lub z tej sieci zarezerwowano już tyle nadchodzących konsultacji, ile przyjmujemy. Aby zmienić termin, otwórz link z e-maila z potwierdzeniem.',
      en: 'As many upcoming consultations as we take are already booked for this e-mail address or from this network. To change the time, open the link in the confirmation e-mail.',
    },
    rpc: RpcCode.InvalidParams,
    oauth: 'invalid_request',
  },
  form_not_verified: {
    status: 400,
    retryable: true,
    description:
      "A booking posted by the site's form failed its spam checks (honeypot, time trap, proof of work); nothing was booked and no one was mailed. The JSON API has no such checks.",
    message: 'The form could not be verified, so nothing was booked.',
    hint: 'Reload the page and send the form again, or book through the booking link.',
    says: {
      pl: 'Nie udało się zweryfikować formularza, więc nic nie zarezerwowaliśmy. Odśwież stronę i spróbuj ponownie.',
      en: 'The form could not be verified, so nothing was booked. Please reload the page and try again.',
    },
    rpc: RpcCode.InvalidParams,
    oauth: 'invalid_request',
  },
  daily_cap_reached: {
    status: 429,
    retryable: true,
    description:
      'The chat assistant has answered as many requests today as this deployment allows (CHAT_DAILY_REQUEST_CAP, all clients together), or as many as one client address (IPv6 by /64) may have (CHAT_DAILY_REQUESTS_PER_ADDRESS); the day is Europe/Warsaw.',
    message: "The chat assistant has reached today's request limit.",
    hint: 'Wait until the next day (Retry-After, in seconds) or use another channel listed in /llms.txt.',
    says: { pl: 'Asystent wyczerpał dzisiejszy limit rozmów. Wróć jutro po północy albo napisz do nas przez formularz kontaktowy.', en: "The assistant has used up today's conversations. Come back after midnight or write to us through the contact form." },
    rpc: RPC_SERVER_REFUSAL,
    oauth: 'temporarily_unavailable',
  },
  not_configured: {
    status: 501,
    retryable: false,
    description: 'The feature is switched off on this deployment.',
    message: 'This feature is switched off on this site.',
    hint: 'Contact the site owner by other means; retrying will not help.',
    says: { pl: 'Ta funkcja jest wyłączona na tej stronie. Skontaktuj się z nami w inny sposób.', en: 'This feature is switched off on this site. Please contact us another way.' },
    rpc: RpcCode.InternalError,
    oauth: 'unauthorized_client',
  },
  provider_unavailable: {
    status: 502,
    retryable: true,
    description: 'An upstream provider (mail, list, scheduling, the chat model) failed or timed out.',
    message: 'An upstream provider did not answer in time.',
    hint: 'Retry in a few seconds; nothing was lost on our side.',
    says: { pl: 'Usługa, z której korzystamy, chwilowo nie odpowiada. Spróbuj ponownie za chwilę.', en: 'A service we rely on is not answering right now. Please try again in a moment.' },
    rpc: RpcCode.InternalError,
    oauth: 'temporarily_unavailable',
  },
  service_unavailable: {
    status: 503,
    retryable: true,
    description: 'The service is temporarily unable to answer (for example the chat assistant is not configured).',
    message: 'The service is temporarily unavailable.',
    hint: 'Retry later or use another channel listed in /llms.txt.',
    says: { pl: 'Asystent jest chwilowo niedostępny. Spróbuj później albo napisz do nas przez formularz kontaktowy.', en: 'The assistant is unavailable right now. Please try later or write to us through the contact form.' },
    rpc: RpcCode.InternalError,
    oauth: 'temporarily_unavailable',
  },
  storage_unavailable: {
    status: 503,
    retryable: true,
    description:
      'The site cannot keep records right now: its disk is full or read-only, or its database does not answer. Nothing was kept; Retry-After says when to try again.',
    message: 'The site cannot store anything right now, so nothing was kept.',
    hint: 'Send it again in a minute or two (over HTTP, the Retry-After header gives the seconds).',
    says: {
      pl: 'Nie możemy teraz niczego zapisać, więc nic nie zostało zapamiętane. Spróbuj ponownie za kilka minut.',
      en: 'We cannot store anything right now, so nothing was kept. Please try again in a few minutes.',
    },
    rpc: RpcCode.InternalError,
    oauth: 'temporarily_unavailable',
  },
  internal_error: {
    status: 500,
    retryable: true,
    description: 'An unexpected error on our side. It is logged with the request id.',
    message: 'Something went wrong on our side.',
    hint: 'Retry once; if it persists, report the X-Request-Id header value.',
    says: { pl: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie.', en: 'Something went wrong on our side. Please try again.' },
    rpc: RpcCode.InternalError,
    oauth: 'server_error',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof errorCatalog;
export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

/** A code as /api/error-format publishes it (the wire mappings stay internal). */
export function describeErrorCode(code: ErrorCode): { code: ErrorCode; status: number; retryable: boolean; description: string; message: string; hint: string } {
  const { status, retryable, description, message, hint } = errorCatalog[code];
  return { code, status, retryable, description, message, hint };
}

export interface AppErrorOptions {
  hint?: string;
  /** The request field at fault, when there is one (dotted path). */
  field?: string;
  /** Extra headers the HTTP answer must carry (Allow, Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
  /** Overrides the catalogue's status (rare: e.g. 400 instead of 415 where a spec demands it). */
  status?: number;
  /** Overrides the catalogue's retry rule for this answer (a past slot cannot be retried). */
  retryable?: boolean;
  /** The RFC 6749 code at the OAuth endpoints when the catalogue's default is too coarse (invalid_grant...). */
  oauth?: OAuthErrorCode;
  cause?: unknown;
  /** The message in each language (error-messages.ts); `message` is the English one. */
  messages?: Record<Locale, string>;
}

/** What a throw site may add to the catalogue's sentence: never the sentence itself. */
export type FaultOptions = Omit<AppErrorOptions, 'messages' | 'hint' | 'oauth'>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly hint: string;
  readonly retryable: boolean;
  readonly field?: string;
  readonly headers: Record<string, string>;
  readonly oauth: OAuthErrorCode;
  readonly #messages?: Record<Locale, string>;

  /**
   * Without a message, the catalogue's message: the same text /api/error-format documents. Throw
   * sites use `fault` (a key of error-messages.ts), so the sentence is written once in both languages.
   */
  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    const entry: ErrorCodeEntry = errorCatalog[code];
    super(message ?? entry.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? entry.status;
    this.hint = options.hint ?? entry.hint;
    this.retryable = options.retryable ?? entry.retryable;
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.oauth = options.oauth ?? entry.oauth;
    this.#messages = options.messages;
  }

  /** The message for a person reading `locale`: the key's sentence, or the catalogue's `says`. */
  messageIn(locale: Locale): string {
    if (locale === 'en') return this.message;
    return this.#messages?.[locale] ?? errorCatalog[this.code].says[locale];
  }

  /** The ErrorResponse body. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, hint: this.hint, retryable: this.retryable } };
  }
}

/**
 * The error of a key of error-messages.ts (`payload_too_large.limit`): its code, the sentence in
 * both languages and the hint, written from the key's typed parameters.
 */
export function fault<Key extends MessageKey>(key: Key, ...[params, options]: ArgsOf<MessageParams<Key>, FaultOptions>): AppError {
  const { code, messages, hint } = write(errorMessages, key, params);
  return new AppError(code as ErrorCode, messages.en, { ...options, hint, messages });
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; hint: string; retryable: boolean };
}

/** How long a client is asked to wait after a storage fault: a disk is freed or a database restarted in minutes, not seconds. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/**
 * Any thrown value as an AppError; a fault of the storage (storage-faults.ts) becomes
 * storage_unavailable (503, Retry-After), other unknown failures internal_error without leaking details.
 * With `where`, an unknown failure is logged there (the one place it is seen whole).
 */
export function toAppError(error: unknown, where?: string): AppError {
  if (error instanceof AppError) return error;
  const storage = storageFaultOf(error);
  if (storage !== undefined) {
    if (where !== undefined) logger().error({ err: error, where, fault: storage }, 'storage_unavailable');
    return fault('storage_unavailable.fault', undefined, { cause: error, headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) } });
  }
  // Through the one logger (pino): the stack goes to the log, never into an answer.
  if (where !== undefined) logger().error({ err: error, where }, 'internal_error');
  return new AppError('internal_error', undefined, { cause: error });
}

// ------------------------------------------------------------------ REST

export interface HttpError<Body> {
  status: number;
  headers: Record<string, string>;
  body: Body;
}

/** The REST answer of any thrown value: ErrorResponse, its status and headers (never cached). */
export function restError(error: unknown): HttpError<ErrorBody> {
  const appError = toAppError(error, 'rest');
  return { status: appError.status, headers: { ...appError.headers, 'Cache-Control': 'no-store' }, body: appError.toBody() };
}

// ------------------------------------------------------------------ JSON-RPC (MCP transport)

/**
 * Refusals of the MCP transport that are not REST codes: they appear only as JSON-RPC
 * `error.data.reason` (documented in the OpenAPI description of POST /mcp).
 */
export const rpcRefusals = {
  parse_error: { status: 400, rpc: RpcCode.ParseError },
  invalid_request: { status: 400, rpc: RpcCode.InvalidRequest },
  batch_not_supported: { status: 400, rpc: RpcCode.InvalidRequest },
  unsupported_protocol_version: { status: 400, rpc: RpcCode.InvalidRequest },
  not_acceptable: { status: 406, rpc: RpcCode.InvalidRequest },
  unknown_method: { status: 404, rpc: RpcCode.MethodNotFound },
  not_offered: { status: 501, rpc: RpcCode.MethodNotFound },
  // A request's own problem, answered inside a 200 like the SDK's other -32602 errors.
  invalid_params: { status: 200, rpc: RpcCode.InvalidParams },
  // MCP: calling a tool that does not exist is a protocol error, answered inside a 200.
  unknown_tool: { status: 200, rpc: RpcCode.InvalidParams },
  // 2025 era only (2026-07-28 answers -32602, the SDK's): a resources/read of a URI the server does not have.
  resource_not_found: { status: 200, rpc: RPC_RESOURCE_NOT_FOUND },
  no_standalone_stream: { status: 405, rpc: RPC_SERVER_REFUSAL },
} as const satisfies Record<string, { status: number; rpc: number }>;
export type RpcRefusalReason = keyof typeof rpcRefusals;

/** Which `data.reason` values each JSON-RPC code carries (for the published schema's description). */
export function rpcCodesDescribed(): string {
  const byCode = new Map<number, string[]>();
  const add = (code: number, reason: string) => byCode.set(code, [...(byCode.get(code) ?? []), reason]);
  for (const [reason, { rpc }] of Object.entries(rpcRefusals)) add(rpc, reason);
  for (const code of errorCodes) if (code !== 'invalid_json') add(errorCatalog[code].rpc, code);
  return [...byCode].map(([code, reasons]) => `${code}: ${reasons.join(', ')}`).join('; ');
}

/** A request id, or null when the request could not be read (JSON-RPC 2.0 §5). */
export type RpcId = RequestId | null;

/** The SDK's JSONRPCErrorResponse, with the null id JSON-RPC 2.0 prescribes for unreadable requests. */
export type RpcErrorBody = Omit<JSONRPCErrorResponse, 'id'> & { id: RpcId };

export interface RpcErrorOptions {
  id?: RpcId;
  /** More of `error.data` beside `reason` (method, supported, requested...). */
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
}

function rpcBody(id: RpcId | undefined, code: number, message: string, data: Record<string, unknown>): RpcErrorBody {
  return { jsonrpc: '2.0', id: id ?? null, error: { code, message, data } };
}

/** A transport refusal of the MCP endpoint by reason. */
export function rpcRefusal(reason: RpcRefusalReason, message: string, options: RpcErrorOptions = {}): HttpError<RpcErrorBody> {
  const { status, rpc } = rpcRefusals[reason];
  return { status, headers: { 'Cache-Control': 'no-store', ...options.headers }, body: rpcBody(options.id, rpc, message, { reason, ...options.data }) };
}

/**
 * Any thrown value as the MCP transport's JSON-RPC error: the catalogue's JSON-RPC code, the HTTP
 * status of the REST answer, `data.reason` the REST code (`parse_error` for unreadable JSON, the
 * JSON-RPC name) and the hint.
 */
export function jsonRpcError(error: unknown, options: RpcErrorOptions = {}): HttpError<RpcErrorBody> {
  const appError = toAppError(error, 'mcp');
  const reason = appError.code === 'invalid_json' ? 'parse_error' : appError.code;
  const message = appError.code === 'invalid_json' ? `Parse error: ${appError.message}` : appError.message;
  return {
    status: appError.status,
    headers: { 'Cache-Control': 'no-store', ...appError.headers, ...options.headers },
    body: rpcBody(options.id, errorCatalog[appError.code].rpc, message, { reason, hint: appError.hint, ...options.data }),
  };
}

// ------------------------------------------------------------------ tool results

/** Why a tool call failed, as every adapter (MCP, chat, WebMCP) hands it on. */
export interface ToolFailure {
  code: ErrorCode;
  message: string;
  hint: string;
  retryable: boolean;
  field?: string;
}

/**
 * A failed tool call: what the model reads (`text`: what happened and what to do) and the failure.
 * This is the failed branch of the registry's ToolOutcome; MCP turns it into `isError: true`.
 */
export function toolFailure(error: unknown, where = 'tool'): { text: string; isError: true; error: ToolFailure } {
  const appError = toAppError(error, where);
  return {
    text: `${appError.message} ${appError.hint}`.trim(),
    isError: true,
    error: {
      code: appError.code,
      message: appError.message,
      hint: appError.hint,
      retryable: appError.retryable,
      ...(appError.field ? { field: appError.field } : {}),
    },
  };
}

// ------------------------------------------------------------------ chat (AI SDK UI message stream)

/** The AI SDK UI message stream's `error` chunk (`{type: "error", errorText}`). */
export interface StreamErrorChunk {
  type: 'error';
  errorText: string;
}

/**
 * An error inside the chat's stream, for the person reading it: the catalogue's sentence in the
 * request's language (never an internal message; English messages stay in the logs and REST).
 * Use `.errorText` as the stream's `onError` answer.
 */
export function errorForStream(error: unknown, locale: Locale): StreamErrorChunk {
  const appError = toAppError(error, 'stream');
  return { type: 'error', errorText: errorCatalog[appError.code].says[locale] };
}

// ------------------------------------------------------------------ OAuth 2.0 (RFC 6749)

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}

/**
 * The HTTP status of each OAuth error code: 400 unless the RFC names another (RFC 6749 §5.2:
 * invalid_client 401 when the client authenticated, with WWW-Authenticate; RFC 6750 §3.1: invalid_token
 * 401, insufficient_scope 403). server_error and temporarily_unavailable are redirect-only codes
 * (§4.1.2.1) standing for 500 and 503, the statuses they are answered with in JSON.
 */
export const oauthStatuses: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  access_denied: 400,
  unsupported_response_type: 400,
  server_error: 500,
  temporarily_unavailable: 503,
  invalid_token: 401,
  insufficient_scope: 403,
  invalid_target: 400,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
};

/** The site's code an OAuth error counts as outside the OAuth endpoints (logs, other surfaces). */
const siteCodeOf: Partial<Record<OAuthErrorCode, ErrorCode>> = {
  invalid_client: 'unauthorized',
  invalid_token: 'unauthorized',
  insufficient_scope: 'insufficient_scope',
  server_error: 'internal_error',
  temporarily_unavailable: 'service_unavailable',
};

/**
 * The challenge of a 401 invalid_client: the scheme the client may authenticate with (RFC 6749 §5.2,
 * HTTP Basic per §2.3.1) and, as RFC 7617 requires, a realm: the issuer.
 */
export function basicChallenge(): Record<string, string> {
  return { 'WWW-Authenticate': `Basic realm="${getSettings().SITE_URL}", charset="UTF-8"` };
}

/**
 * An OAuth endpoint's refusal by a key of error-messages.ts `oauthMessages` (`invalid_grant.code_reused`):
 * the RFC code is the key's first part, its status from `oauthStatuses` unless the answer is a page
 * (status override), the sentence written in both languages.
 */
export class OAuthError extends AppError {
  readonly error: OAuthErrorCode;
  constructor(...[key, params, options]: OAuthErrorArgs) {
    const { code, messages } = write(oauthMessages, key, params);
    const error = code as OAuthErrorCode;
    const status = options?.status ?? oauthStatuses[error];
    super(siteCodeOf[error] ?? 'validation_failed', messages.en, {
      ...options,
      status,
      hint: '',
      oauth: error,
      messages,
      headers: { ...(status === 401 && error === 'invalid_client' ? basicChallenge() : {}), ...options?.headers },
    });
    this.name = 'OAuthError';
    this.error = error;
  }
}
type OAuthErrorArgs = { [Key in OAuthMessageKey]: [key: Key, ...ArgsOf<OAuthMessageParams<Key>, FaultOptions>] }[OAuthMessageKey];

/** error_description admits printable ASCII except `"` and `\` (RFC 6749 §5.2). */
function oauthText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/["“”„]/g, "'")
    .replace(/[\\]/g, '/')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
}

/** The RFC 6749 error body of any thrown value. */
export function oauthErrorBody(error: unknown): OAuthErrorBody {
  const appError = toAppError(error, 'oauth');
  const description = appError.field ? appError.message : `${appError.message} ${appError.hint}`.trim();
  return { error: appError.oauth, error_description: oauthText(description) };
}

/**
 * The whole OAuth error answer: the RFC 6749 body, its status (an OAuthError's own; a rate limit stays
 * 429 with Retry-After; else `oauthStatuses`), never cached (§5.1), and the Basic challenge with a
 * 401 invalid_client (§5.2).
 */
export function oauthError(error: unknown): HttpError<OAuthErrorBody> {
  const appError = toAppError(error, 'oauth');
  const body = oauthErrorBody(appError);
  const status = appError instanceof OAuthError ? appError.status : appError.code === 'rate_limited' ? 429 : oauthStatuses[body.error];
  const headers: Record<string, string> = { ...appError.headers, 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (status === 401 && body.error === 'invalid_client' && !headers['WWW-Authenticate']) Object.assign(headers, basicChallenge());
  return { status, headers, body };
}
