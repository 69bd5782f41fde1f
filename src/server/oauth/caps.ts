/**
 * Hourly caps per client IP on what OAuth writes down: client registrations (each is a stored row)
 * and authorization codes (each may become a token). The per-minute RATE_LIMIT_OAUTH bounds request
 * bursts; these bound what one address can accumulate in a day. Always keyed by IP, never by token
 * (a token may narrow a budget, never widen it).
 */
import { fault } from '../base/errors';
import { consume, type LimiterSpec } from '../http/rate-limit';
import { getSettings } from '../base/settings';

const HOUR = 3600;

export function registrationSpec(): LimiterSpec {
  return { name: 'oauth:registrations', points: getSettings().OAUTH_REGISTRATIONS_PER_HOUR, windowSeconds: HOUR, per: 'client' };
}

export function codeSpec(): LimiterSpec {
  return { name: 'oauth:codes', points: getSettings().OAUTH_CODES_PER_HOUR, windowSeconds: HOUR, per: 'client' };
}

/** Spends one of the hour's budget, or throws rate_limited (429 temporarily_unavailable with Retry-After at the OAuth endpoints). */
async function spend(spec: LimiterSpec, what: 'registrations' | 'codes', setting: string, clientKey: string | undefined): Promise<void> {
  const decision = await consume(spec, clientKey);
  if (decision.allowed) return;
  throw fault('rate_limited.per_hour', { what, limit: decision.limit, setting, retryAfter: decision.retryAfterSeconds }, {
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
  });
}

export const spendRegistration = (clientKey: string | undefined) => spend(registrationSpec(), 'registrations', 'OAUTH_REGISTRATIONS_PER_HOUR', clientKey);

export const spendCode = (clientKey: string | undefined) => spend(codeSpec(), 'codes', 'OAUTH_CODES_PER_HOUR', clientKey);
