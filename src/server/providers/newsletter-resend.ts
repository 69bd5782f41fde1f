/** The mailing list in Resend (contacts and segments). Issue 3 fills this in. */
import { AppError } from '../errors';
import type { Settings } from '../settings';
import type { ListProvider } from './newsletter';

export function createResendList(_settings: Settings): ListProvider {
  const missing = async (): Promise<never> => {
    throw new AppError('not_configured', 'The Resend list is not implemented yet.');
  };
  return { name: 'resend', add: missing, unsubscribe: missing };
}
