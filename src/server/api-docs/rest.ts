/** The newsletter and contact endpoints: their documentation (paths, scopes and limits: http/route-table.ts). */
import { SuccessResponse } from '../schemas/common';
import { ContactRequest } from '../schemas/contact';
import { SubscribeRequest, UnsubscribeRequest } from '../schemas/newsletter';
import type { OperationDoc } from './operation';
import { errorResponses, jsonBodyErrors } from './responses';

const ok = { description: 'Done.', schema: SuccessResponse, example: { ok: true } };
const providerErrors = errorResponses([
  ...jsonBodyErrors,
  'method_not_allowed',
  'rate_limited',
  'not_configured',
  'provider_unavailable',
]);

export const subscribe: OperationDoc = {
  operationId: 'subscribe',
  summary: 'Subscribe an address to the newsletter',
  description:
    'Subscribes the address (consent must be true). With double opt-in (NEWSLETTER_DOUBLE_OPT_IN, on by default) the address is only pending: it gets a confirmation mail in its language (at most one per address per hour) and joins the list when the person presses the button on the page its link opens; unconfirmed addresses are forgotten after 7 days. Every outcome answers 200 { ok: true }, so the answer reveals nothing about who is on the list. ' +
    'Two paths: application/json is the API (no spam checks beyond the rate limit); application/x-www-form-urlencoded is the site\'s HTML form, whose extra fields `website` (honeypot, must stay empty) and `altcha` (proof of work from GET /api/forms/challenge) are checked: a suspicious form post still answers { ok: true } but mails no one and is recorded as suspected spam.',
  tags: ['newsletter'],
  request: { schema: SubscribeRequest, contentTypes: ['application/json', 'application/x-www-form-urlencoded'], example: { email: 'anna@example.org', locale: 'pl', consent: true } },
  responses: { 200: ok, ...providerErrors },
};

export const unsubscribe: OperationDoc = {
  operationId: 'unsubscribe',
  summary: 'Unsubscribe an address from the newsletter',
  description:
    'Marks the address unsubscribed. Idempotent: an address that is unknown or already unsubscribed also answers 200 { ok: true }, so the answer reveals nothing about who is on the list. Since anyone may send any address, a subscriber this removes is mailed a notice (at most one an hour per address) with a link to subscribe again; a confirmation link mailed before the unsubscribe no longer subscribes.',
  tags: ['newsletter'],
  request: { schema: UnsubscribeRequest, example: { email: 'anna@example.org' } },
  responses: { 200: ok, ...providerErrors },
};

export const contact: OperationDoc = {
  operationId: 'contact',
  summary: 'Send a message to the site owner',
  description:
    'Sends a notification e-mail to the owner (reply-to the sender) and, only when `listConsent` is true (the sender agreed; default false), adds the sender to the segment "Kontakt". 200 means the mail was accepted by the mail provider; filing the sender in the segment is best effort (a failure there is logged, not returned, so a retry never sends the owner the same mail twice). ' +
    'Two paths: application/json is the API (no spam checks beyond the rate limit); application/x-www-form-urlencoded is the site\'s HTML form, whose extra fields `website` (honeypot) and `altcha` (proof of work with a signed time trap, from GET /api/forms/challenge) are checked. A suspicious form post is never dropped: the owner still gets it, marked "[Podejrzenie spamu / Suspected spam]" with X-Spam-Flag: YES, and the sender is not filed in "Kontakt".',
  tags: ['contact'],
  request: {
    schema: ContactRequest,
    contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
    example: { name: 'Anna Nowak', email: 'anna@example.org', topic: 'Strona fundacji', message: 'Dzień dobry, potrzebujemy nowej strony.', locale: 'pl' },
  },
  responses: { 200: ok, ...providerErrors },
};
