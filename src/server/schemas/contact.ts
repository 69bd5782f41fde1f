import { z } from 'zod';
import { Email, Locale } from './common';

export const ContactRequest = z
  .object({
    name: z.string().trim().min(2).max(200).describe('Sender name (at least 2 characters).'),
    email: Email.describe('Where we answer.'),
    topic: z.string().trim().max(200).optional().describe('Subject.'),
    message: z.string().trim().min(10).max(10_000).describe('The message (at least 10 characters).'),
    locale: Locale,
    listConsent: z
      .boolean()
      .default(false)
      .describe('true only when the sender agreed to be kept on the site\'s contact list (segment `Kontakt`); absent or false: the message is sent and the address is not kept on any list.'),
  })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.output<typeof ContactRequest>;
