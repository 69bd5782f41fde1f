/** Every mapping of one AppError (errors.ts): REST, JSON-RPC, tool result, chat stream, OAuth; and the booking conflict. */
import { ErrorCode as RpcCode, JSONRPCErrorResponseSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { buildErrorContract } from '../../src/server/api-docs/error-contract';
import {
  AppError,
  errorCatalog,
  errorCodes,
  errorForStream,
  jsonRpcError,
  oauthError,
  oauthErrorBody,
  restError,
  rpcRefusal,
  rpcRefusals,
  toolFailure,
} from '../../src/server/base/errors';
import { bookingResultStatus } from '../../src/server/scheduling';
import { ErrorResponse } from '../../src/server/schemas/common';
import { logger } from '../../src/server/base/log';

const limited = () =>
  new AppError('rate_limited', 'Too many requests: the limit is 5 per minute.', { hint: 'Wait 42 s (Retry-After), then retry.', headers: { 'Retry-After': '42' } });
const badEmail = () => new AppError('validation_failed', 'Field "email": must be an e-mail address.', { field: 'email' });
const secret = () => new Error('password=hunter2 at /srv/app.js:12');

describe('the catalogue carries message and hint', () => {
  it('gives every code a default message, a sentence per language and a JSON-RPC and OAuth code', () => {
    for (const code of errorCodes) {
      const entry = errorCatalog[code];
      expect(entry.message.length, code).toBeGreaterThan(5);
      expect(entry.says.pl, code).not.toBe(entry.says.en);
      expect(Object.values(RpcCode), code).toContain(entry.rpc);
      expect(entry.oauth, code).toMatch(/^[a-z_]+$/);
    }
  });

  it('throws the documented text: an error without a message is the catalogue entry /api/error-format lists', () => {
    const contract = buildErrorContract();
    for (const code of errorCodes) {
      const thrown = new AppError(code);
      const listed = contract.codes.find((entry) => entry.code === code)!;
      expect(listed).toEqual({ code, status: thrown.status, retryable: thrown.retryable, description: errorCatalog[code].description, message: thrown.message, hint: thrown.hint });
    }
  });
});

describe('REST', () => {
  it('answers ErrorResponse with the status, the error headers and no-store', () => {
    const answer = restError(limited());
    expect(answer.status).toBe(429);
    expect(answer.headers).toEqual({ 'Retry-After': '42', 'Cache-Control': 'no-store' });
    expect(ErrorResponse.parse(answer.body)).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests: the limit is 5 per minute.', hint: 'Wait 42 s (Retry-After), then retry.', retryable: true },
    });
  });

  it('logs an unknown failure and answers internal_error without its details', () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const answer = restError(secret());
    expect(answer.status).toBe(500);
    expect(answer.body.error.code).toBe('internal_error');
    expect(JSON.stringify(answer)).not.toContain('hunter2');
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe('JSON-RPC (MCP transport)', () => {
  it('uses the SDK ErrorCode, the REST status, and names the REST code and hint in data', () => {
    const answer = jsonRpcError(badEmail(), { id: 7 });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: RpcCode.InvalidRequest, message: 'Field "email": must be an e-mail address.', data: { reason: 'validation_failed', hint: errorCatalog.validation_failed.hint } },
    });
    expect(JSONRPCErrorResponseSchema.safeParse(answer.body).success).toBe(true);
  });

  it('answers unreadable JSON as a parse error with a null id, and a foreign origin as a server refusal', () => {
    const parse = jsonRpcError(new AppError('invalid_json', 'The request body is not valid JSON: Unexpected end of JSON input'));
    expect(parse.body).toMatchObject({ id: null, error: { code: RpcCode.ParseError, message: 'Parse error: The request body is not valid JSON: Unexpected end of JSON input', data: { reason: 'parse_error' } } });
    const origin = jsonRpcError(new AppError('forbidden_origin'));
    expect([origin.status, origin.body.error.code]).toEqual([403, -32000]);
  });

  it('keeps the headers of the error (Allow, Retry-After) and hides unknown failures', () => {
    expect(jsonRpcError(limited()).headers).toMatchObject({ 'Retry-After': '42', 'Cache-Control': 'no-store' });
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const internal = jsonRpcError(secret(), { id: 'a' });
    expect(internal).toMatchObject({ status: 500, body: { id: 'a', error: { code: RpcCode.InternalError, data: { reason: 'internal_error' } } } });
    expect(JSON.stringify(internal)).not.toContain('hunter2');
    log.mockRestore();
  });

  it('maps each transport refusal to its status and code', () => {
    const expected = {
      parse_error: [400, -32700],
      invalid_request: [400, -32600],
      batch_not_supported: [400, -32600],
      unsupported_protocol_version: [400, -32600],
      not_acceptable: [406, -32600],
      unknown_method: [404, -32601],
      not_offered: [501, -32601],
      invalid_params: [200, -32602],
      unknown_tool: [200, -32602],
      resource_not_found: [200, -32002],
      no_standalone_stream: [405, -32000],
    };
    for (const reason of Object.keys(rpcRefusals) as Array<keyof typeof rpcRefusals>) {
      const answer = rpcRefusal(reason, 'Refused.', { id: 1, data: { method: 'x' } });
      expect([answer.status, answer.body.error.code], reason).toEqual(expected[reason]);
      expect(answer.body.error.data, reason).toEqual({ reason, method: 'x' });
    }
    expect(Object.keys(rpcRefusals).sort()).toEqual(Object.keys(expected).sort());
  });
});

describe('tool results', () => {
  it('gives the model what happened and what to do, and the failure with its field', () => {
    expect(toolFailure(badEmail())).toEqual({
      text: `Field "email": must be an e-mail address. ${errorCatalog.validation_failed.hint}`,
      isError: true,
      error: { code: 'validation_failed', message: 'Field "email": must be an e-mail address.', hint: errorCatalog.validation_failed.hint, retryable: false, field: 'email' },
    });
    expect(toolFailure(limited()).error).toEqual({ code: 'rate_limited', message: 'Too many requests: the limit is 5 per minute.', hint: 'Wait 42 s (Retry-After), then retry.', retryable: true });
  });

  it('never shows an unknown failure', () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const failure = toolFailure(secret(), 'tool test');
    expect(failure.error.code).toBe('internal_error');
    expect(JSON.stringify(failure)).not.toContain('hunter2');
    expect(log.mock.calls[0]?.[0]).toMatchObject({ where: 'tool test' });
    log.mockRestore();
  });
});

describe('an error inside the chat stream', () => {
  it('is the UI message stream error chunk, in the language of the request', () => {
    expect(errorForStream(limited(), 'pl')).toEqual({ type: 'error', errorText: errorCatalog.rate_limited.says.pl });
    expect(errorForStream(limited(), 'en')).toEqual({ type: 'error', errorText: errorCatalog.rate_limited.says.en });
    expect(errorForStream(new AppError('service_unavailable'), 'pl').errorText).toMatch(/niedostępny/);
  });

  it('shows a person no internal message, code or detail', () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    for (const locale of ['pl', 'en'] as const) {
      const chunk = errorForStream(secret(), locale);
      expect(chunk.errorText).toBe(errorCatalog.internal_error.says[locale]);
      expect(chunk.errorText).not.toMatch(/hunter2|internal_error/);
    }
    expect(errorForStream(badEmail(), 'en').errorText).not.toContain('"email"');
    log.mockRestore();
  });
});

describe('OAuth 2.0 error bodies (RFC 6749 §5.2)', () => {
  it('answers bad input 400 invalid_request, never cached', () => {
    const answer = oauthError(badEmail());
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatchObject({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    expect(answer.body).toEqual({ error: 'invalid_request', error_description: "Field 'email': must be an e-mail address." });
  });

  it('answers a failed client authentication 401 invalid_client with WWW-Authenticate', () => {
    const answer = oauthError(new AppError('unauthorized', 'Client authentication failed.'));
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_client');
    expect(answer.headers['WWW-Authenticate']).toMatch(/^Basic /);
  });

  it('takes the sharper code a throw site names, and keeps a rate limit 429 with Retry-After', () => {
    const grant = oauthError(new AppError('validation_failed', 'The code verifier does not match the challenge.', { oauth: 'invalid_grant' }));
    expect([grant.status, grant.body.error]).toEqual([400, 'invalid_grant']);
    const limit = oauthError(limited());
    expect([limit.status, limit.body.error, limit.headers['Retry-After']]).toEqual([429, 'temporarily_unavailable', '42']);
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const internal = oauthError(secret());
    expect([internal.status, internal.body.error]).toEqual([500, 'server_error']);
    expect(JSON.stringify(internal)).not.toContain('hunter2');
    log.mockRestore();
  });

  it('writes error_description in the characters RFC 6749 allows (printable ASCII without " and \\)', () => {
    const body = oauthErrorBody(new AppError('validation_failed', 'Pole „redirect_uri” jest błędne: "x\\y" — żółć'));
    expect(body.error_description).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/);
    expect(body.error_description).toContain('redirect_uri');
    expect(body.error_description).toContain('zolc');
  });
});

describe('the booking conflict (409)', () => {
  const refused = {
    ok: false as const,
    mode: 'slot_unavailable' as const,
    reason: 'past' as const,
    retryable: false,
    message: 'This slot is in the past.',
    alternatives: [],
    bookingUrl: 'https://booking.test.example/c',
  };

  it('is the slot_unavailable ErrorResponse beside the result, with the per-answer retry rule', () => {
    const { status, body } = bookingResultStatus(refused);
    expect(status).toBe(409);
    expect(body).toMatchObject({ ...refused, error: { code: 'slot_unavailable', message: refused.message, retryable: false } });
    expect(ErrorResponse.parse({ error: (body as { error: unknown }).error }).error.hint).toContain(refused.bookingUrl);
    const taken = bookingResultStatus({ ...refused, reason: 'taken', retryable: true, alternatives: [{ start: '2026-12-01T10:00:00+01:00', end: '2026-12-01T10:30:00+01:00', label: 'Tue 10:00', date: '2026-12-01' }] });
    expect((taken.body as { error: { hint: string; retryable: boolean } }).error).toMatchObject({ hint: errorCatalog.slot_unavailable.hint, retryable: true });
  });
});
