/** Mail through Resend (the `resend` package, which reads RESEND_BASE_URL). Issue 3 fills this in. */
import { AppError } from '../errors';
import type { Settings } from '../settings';
import type { MailProvider } from './mail';

export function createResendMail(_settings: Settings): MailProvider {
  return {
    name: 'resend',
    async send() {
      throw new AppError('not_configured', 'Resend mail is not implemented yet.');
    },
  };
}
