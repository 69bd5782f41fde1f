import { describe, expect, it } from 'vitest';
import { AppError, errorCatalog, errorCodes, toAppError } from '../../src/server/base/errors';
import { ErrorResponse } from '../../src/server/schemas/common';

describe('the error catalogue', () => {
  it('gives every code an error status, a description and a hint', () => {
    for (const code of errorCodes) {
      const entry = errorCatalog[code];
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.description.length, code).toBeGreaterThan(10);
      expect(entry.hint.length, code).toBeGreaterThan(10);
    }
  });

  it('marks as retryable only what a retry can fix (429, 5xx except 501, a slot taken meanwhile, the chat on the next day)', () => {
    const retryable = errorCodes.filter((code) => errorCatalog[code].retryable);
    // slot_unavailable: booking again (one of the listed alternatives) can succeed; a past slot says false per answer.
    expect(retryable.sort()).toEqual(['daily_cap_reached', 'form_not_verified', 'internal_error', 'provider_unavailable', 'rate_limited', 'service_unavailable', 'slot_unavailable', 'storage_unavailable']);
  });

  it('is the closed list the ErrorResponse schema accepts', () => {
    const codeSchema = ErrorResponse.shape.error.shape.code;
    expect([...codeSchema.options].sort()).toEqual([...errorCodes].sort());
    expect(codeSchema.safeParse('made_up').success).toBe(false);
  });

  it('turns an AppError into the ErrorResponse body', () => {
    const error = new AppError('validation_failed', 'Field "email" is required.', { field: 'email' });
    expect(ErrorResponse.parse(error.toBody())).toEqual({
      error: { code: 'validation_failed', message: 'Field "email" is required.', hint: errorCatalog.validation_failed.hint, retryable: false },
    });
    expect(error.status).toBe(400);
  });

  it('hides unknown failures behind internal_error', () => {
    const error = toAppError(new Error('password=hunter2'));
    expect(error.code).toBe('internal_error');
    expect(JSON.stringify(error.toBody())).not.toContain('hunter2');
  });
});
