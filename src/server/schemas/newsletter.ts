import { z } from 'zod';
import { Email, Locale } from './common';

export const SubscribeRequest = z
  .object({
    email: Email.describe('Subscriber address.'),
    locale: Locale,
    consent: z.literal(true, { error: 'must be true: the subscriber agrees to receive the newsletter' }).describe('Must be true.'),
  })
  .meta({ id: 'SubscribeRequest' });
export type SubscribeRequest = z.output<typeof SubscribeRequest>;

export const UnsubscribeRequest = z.object({ email: Email }).meta({ id: 'UnsubscribeRequest' });
export type UnsubscribeRequest = z.output<typeof UnsubscribeRequest>;
