/** The newsletter and contact endpoints (issue 3). */
import { SuccessResponse } from '../schemas/common';
import { ContactRequest } from '../schemas/contact';
import { SubscribeRequest, UnsubscribeRequest } from '../schemas/newsletter';
import type { Operation } from './operation';
import { errorResponses, jsonBodyErrors, preflight } from './responses';

const ok = { description: 'Done.', schema: SuccessResponse, example: { ok: true } };
const providerErrors = errorResponses([
  ...jsonBodyErrors,
  'method_not_allowed',
  'rate_limited',
  'not_configured',
  'provider_unavailable',
]);
const tokenErrors = errorResponses(['unauthorized', 'insufficient_scope']);

export const operations: Operation[] = [
  {
    method: 'POST',
    path: '/api/subscribe',
    operationId: 'subscribe',
    summary: 'Subscribe an address to the newsletter',
    description:
      'Adds the address to the newsletter list (consent must be true). Idempotent: subscribing an address that is already subscribed answers 200 { ok: true } and changes nothing; a previously unsubscribed address is subscribed again.',
    tags: ['newsletter'],
    scopes: ['newsletter:subscribe'],
    rateLimit: 'subscribe',
    request: { schema: SubscribeRequest, example: { email: 'anna@example.org', locale: 'pl', consent: true } },
    responses: { 200: ok, ...providerErrors, ...tokenErrors },
  },
  preflight('/api/subscribe', 'subscribePreflight', ['newsletter'], 'subscribe'),
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    operationId: 'unsubscribe',
    summary: 'Unsubscribe an address from the newsletter',
    description:
      'Marks the address unsubscribed. Idempotent: an address that is unknown or already unsubscribed also answers 200 { ok: true }, so the answer reveals nothing about who is on the list.',
    tags: ['newsletter'],
    scopes: ['newsletter:unsubscribe'],
    rateLimit: 'unsubscribe',
    request: { schema: UnsubscribeRequest, example: { email: 'anna@example.org' } },
    responses: { 200: ok, ...providerErrors, ...tokenErrors },
  },
  preflight('/api/newsletter/unsubscribe', 'unsubscribePreflight', ['newsletter'], 'unsubscribe'),
  {
    method: 'POST',
    path: '/api/contact',
    operationId: 'contact',
    summary: 'Send a message to the site owner',
    description:
      'Sends a notification e-mail to the owner (reply-to the sender) and adds the sender to the segment "Kontakt". 200 means the mail was accepted by the mail provider; filing the sender in the segment is best effort (a failure there is logged, not returned, so a retry never sends the owner the same mail twice).',
    tags: ['contact'],
    scopes: [],
    rateLimit: 'contact',
    request: {
      schema: ContactRequest,
      example: { name: 'Anna Nowak', email: 'anna@example.org', topic: 'Strona fundacji', message: 'Dzień dobry, potrzebujemy nowej strony.', locale: 'pl' },
    },
    responses: { 200: ok, ...providerErrors },
  },
  preflight('/api/contact', 'contactPreflight', ['contact'], 'contact'),
];
