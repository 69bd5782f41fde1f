/**
 * Mail through any SMTP server (the host's own account is often all a small business has), sent
 * with nodemailer. Every stage has a deadline: connecting, the greeting, each command, and the whole
 * send (PROVIDER_TIMEOUT_MS); a refusal, a dropped connection or a timeout becomes
 * provider_unavailable (502, retryable), with the server's words in the log only.
 */
import { senderOf } from './mail-sender';
import nodemailer from 'nodemailer';
import { fault } from '../base/errors';
import type { Settings } from '../base/settings';
import type { MailProvider } from './mail';
import { composerOptions } from './mail-outbox';
import { PROVIDER_TIMEOUT_MS } from './mail-resend';
import { probeTimeoutMs, type ProbeResult } from './probe';
import { logger } from '../base/log';

/** The transport options from SMTP_URL, or from SMTP_HOST/PORT/USER/PASSWORD. */
export function smtpOptions(settings: Settings) {
  const timeouts = {
    connectionTimeout: PROVIDER_TIMEOUT_MS,
    greetingTimeout: PROVIDER_TIMEOUT_MS,
    socketTimeout: PROVIDER_TIMEOUT_MS,
    dnsTimeout: PROVIDER_TIMEOUT_MS,
  };
  if (settings.SMTP_URL) {
    const url = new URL(settings.SMTP_URL);
    const secure = url.protocol === 'smtps:';
    return {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      ...timeouts,
    };
  }
  return {
    host: settings.SMTP_HOST!,
    port: settings.SMTP_PORT,
    secure: settings.SMTP_PORT === 465,
    ...(settings.SMTP_USER ? { auth: { user: settings.SMTP_USER, pass: settings.SMTP_PASSWORD! } } : {}),
    ...timeouts,
  };
}

/**
 * For /status/: connects, greets and authenticates (nodemailer's verify), within `timeoutMs`.
 * A refused login is `key_refused`; no answer or any other failure is `unreachable`.
 */
export async function probeSmtp(settings: Settings, timeoutMs = probeTimeoutMs): Promise<ProbeResult> {
  const options = smtpOptions(settings);
  const transport = nodemailer.createTransport({ ...options, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  const where = `${options.host}:${options.port}`;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      transport.verify(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error(`no answer in ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })), timeoutMs);
      }),
    ]);
    return { state: 'ok', detail: `${where} accepted the connection${options.auth ? ' and the login' : ''}` };
  } catch (error) {
    const detail = error as { code?: string; responseCode?: number; message?: string };
    if (detail.code === 'EAUTH' || detail.responseCode === 535) return { state: 'key_refused', detail: `${where} refused the login` };
    return { state: 'unreachable', detail: `${where}: ${detail.message ?? detail.code ?? 'error'}` };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

export function createSmtpMail(settings: Settings): MailProvider {
  const transport = nodemailer.createTransport(smtpOptions(settings));
  return {
    name: 'smtp',
    describe: () => ({ provider: 'smtp', external: true }),
    probe: () => probeSmtp(settings),
    async send(message) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${PROVIDER_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' })), PROVIDER_TIMEOUT_MS);
        timer.unref();
      });
      try {
        const info = await Promise.race([transport.sendMail(composerOptions(message, senderOf(settings.mailFrom, message.fromName))), deadline]);
        return { id: info.messageId };
      } catch (error) {
        const detail = error as { code?: string; responseCode?: number; message?: string };
        logger().error(`[smtp] send e-mail failed: ${detail.responseCode ?? '-'} ${detail.code ?? 'error'}: ${detail.message ?? String(error)}`);
        const timeout = detail.code === 'ETIMEDOUT' || /timeout/i.test(detail.message ?? '');
        throw fault('provider_unavailable.mail', { sender: 'server', timeout, what: 'send e-mail' });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
