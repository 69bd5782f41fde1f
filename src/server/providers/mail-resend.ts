/**
 * Mail through Resend (the `resend` package). The base URL comes from RESEND_BASE_URL (validated by
 * the settings module and passed explicitly, which is what the SDK would read from the environment).
 * Every call has a deadline: a failure, an error answer or a timeout becomes provider_unavailable (502).
 */
import { senderOf } from './mail-sender';
import { Resend } from 'resend';
import { AppError, fault } from '../base/errors';
import type { Settings } from '../base/settings';
import { headerSafe } from './mail-header';
import type { MailProvider } from './mail';
import { probeHttp, type ProbeResult } from './probe';
import { logger } from '../base/log';

/** The longest any single provider operation may take before the client gets its 502. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** The shape every Resend SDK call resolves to (it never throws for HTTP errors). */
export interface ResendResult<T> {
  data: T | null;
  error: { message: string; statusCode: number | null; name: string } | null;
}

let client: Resend | undefined;

export function resendClient(settings: Settings): Resend {
  client ??= new Resend(settings.RESEND_API_KEY, settings.RESEND_BASE_URL ? { baseUrl: settings.RESEND_BASE_URL.replace(/\/+$/, '') } : undefined);
  return client;
}

/** A signal that aborts after PROVIDER_TIMEOUT_MS: one per provider operation, shared by its calls. */
export function providerDeadline(): AbortSignal {
  return AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
}

/**
 * Runs one SDK call under the deadline. The SDK passes the signal to fetch; the race is the
 * belt to those braces (a body that never ends must not hold the request either).
 */
export async function callResend<T>(signal: AbortSignal, call: () => Promise<ResendResult<T>>): Promise<ResendResult<T>> {
  if (signal.aborted) return timedOut();
  let onAbort: () => void = () => {};
  const aborted = new Promise<ResendResult<T>>((resolve) => {
    onAbort = () => resolve(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([call(), aborted]);
  } catch (error) {
    return { data: null, error: { name: 'application_error', statusCode: null, message: String(error) } };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function timedOut<T>(): ResendResult<T> {
  return { data: null, error: { name: 'timeout', statusCode: null, message: `no answer within ${PROVIDER_TIMEOUT_MS} ms` } };
}

/** The 502 a caller sees; the provider's own words go to the log, not to the client. */
export function providerFailure(what: string, error: NonNullable<ResendResult<unknown>['error']>): AppError {
  logger().error(`[resend] ${what} failed: ${error.statusCode ?? '-'} ${error.name}: ${error.message}`);
  const timeout = error.name === 'timeout';
  return fault('provider_unavailable.mail', { sender: 'provider', timeout, what });
}

/** Resend answers GET /domains for a valid key: the probe of mail and of the list alike. */
export function probeResend(settings: Settings): Promise<ProbeResult> {
  const base = (settings.RESEND_BASE_URL ?? 'https://api.resend.com').replace(/\/+$/, '');
  return probeHttp(`${base}/domains`, { Authorization: `Bearer ${settings.RESEND_API_KEY}` });
}

export function createResendMail(settings: Settings): MailProvider {
  return {
    name: 'resend',
    describe: () => ({ provider: 'resend', external: true }),
    probe: () => probeResend(settings),
    async send(message) {
      const signal = providerDeadline();
      const result = await callResend(signal, () =>
        resendClient(settings).emails.send(
          {
            from: senderOf(settings.mailFrom, message.fromName),
            to: message.to,
            subject: headerSafe(message.subject),
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
            ...(message.replyTo ? { replyTo: headerSafe(message.replyTo) } : {}),
            ...(message.headers
              ? { headers: Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [headerSafe(name), headerSafe(value)])) }
              : {}),
            ...(message.attachments?.length
              ? {
                  attachments: message.attachments.map((attachment) => ({
                    filename: headerSafe(attachment.filename),
                    content: Buffer.from(attachment.content),
                    contentType: headerSafe(attachment.contentType),
                  })),
                }
              : {}),
          },
          { signal },
        ),
      );
      if (result.error || !result.data) throw providerFailure('send e-mail', result.error ?? { name: 'empty', statusCode: null, message: 'no data' });
      return { id: result.data.id };
    },
  };
}
