/**
 * The routes of mail people can trust: the forms' proof-of-work challenge, the two pages opened from
 * newsletter mails (confirm, by a button; unsubscribe, by a button or RFC 8058's one-click POST) and the page of a
 * booking confirmation's "cancel" link.
 * Their documentation only (paths and families: http/route-table.ts). The pages answer HTML to people;
 * they are documented because mail clients and agents call them.
 */
import { z } from 'zod';
import { languageName, type Locale } from '../base/i18n';
import type { OperationDoc } from './operation';

const Challenge = z
  .object({
    parameters: z
      .object({
        algorithm: z.string().describe('Key derivation, e.g. SHA-256.'),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string().describe('The derived key of the solution starts with this prefix.'),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional().describe('Unix seconds after which the challenge is refused.'),
        data: z.record(z.string(), z.unknown()).optional().describe('Signed data: issuedAt (ms), the time trap.'),
      })
      .describe('ALTCHA (v2 proof of work) challenge parameters.'),
    signature: z.string().describe('HMAC of the parameters; the server needs no state to check it.'),
  })
  .meta({ id: 'FormChallenge' });

const token = z.object({ token: z.string().optional().describe('The signed token from the link in the mail.') });
const html = (description: string) => ({ description, contentType: 'text/html; charset=utf-8' });

const suffix = (locale: Locale) => (locale === 'pl' ? 'Pl' : 'En');

export const challenge: OperationDoc = {
  operationId: 'formChallenge',
  summary: 'A proof-of-work challenge for the site\'s forms (ALTCHA)',
  description:
    'Used by the ALTCHA widget in the contact and newsletter forms (the HTML form path). The challenge is signed (HMAC, no server state), valid 2 hours, and carries the moment it was issued: a form sent less than 3 s later is judged too fast. API clients and agents never need it: the JSON API and the MCP tools take no proof of work.',
  tags: ['contact', 'newsletter'],
  responses: { 200: { description: 'A fresh challenge (Cache-Control: no-store).', schema: Challenge } },
};

export const confirmPage = (locale: Locale): OperationDoc => ({
  operationId: `newsletterConfirmPage${suffix(locale)}`,
  summary: `Confirmation page of a newsletter subscription (${languageName[locale]})`,
  description:
    'Opened from the double opt-in mail. A valid link shows the address and one button that confirms (a GET alone changes nothing, so mail scanners that open links subscribe no one). A tampered link answers 400; an expired one (older than 7 days), or one issued before the address was last unsubscribed, 410; each with a page saying so.',
  tags: ['newsletter'],
  query: token,
  responses: {
    200: html('The address and the button.'),
    400: html('The link is incomplete or altered: nothing changed.'),
    410: html('The link has expired, or the address was unsubscribed after it was sent: nothing changed.'),
    501: html('MAIL_PROVIDER=off.'),
    502: html('A temporary failure: open the link again later.'),
  },
});

/** What the button of a mail link's page posts: the link's own token. */
const buttonForm: OperationDoc['request'] = {
  schema: z.object({ token: z.string().optional().describe('The signed token from the link (also accepted in the query).') }),
  contentTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  example: { token: '<token from the mail>' },
};

export const confirm = (locale: Locale): OperationDoc => ({
  operationId: `newsletterConfirm${suffix(locale)}`,
  summary: `Confirm a newsletter subscription by the page's button (${languageName[locale]})`,
  description:
    'The button of the confirmation page posts the link\'s `token`. The address joins the list (embedded list or the Resend segment), gets a welcome mail the first time, and the page says so; posting again confirms again and mails nothing more.',
  tags: ['newsletter'],
  query: token,
  request: buttonForm,
  responses: {
    200: html('Confirmed (also when it already was).'),
    400: html('The link is incomplete or altered: nothing changed.'),
    410: html('The link has expired, or the address was unsubscribed after it was sent: nothing changed.'),
    501: html('MAIL_PROVIDER=off.'),
    502: html('The list provider failed: press the button again later.'),
  },
});

export const unsubscribePage = (locale: Locale): OperationDoc => ({
  operationId: `newsletterUnsubscribePage${suffix(locale)}`,
  summary: `Unsubscribe page (${languageName[locale]})`,
  description:
    'With the token of a mail\'s link: one button that unsubscribes (a GET alone changes nothing, so link scanners cannot unsubscribe anyone). Without a token: a form for the address. Every newsletter mail links here and names it in List-Unsubscribe.',
  tags: ['newsletter'],
  query: token,
  responses: { 200: html('The button, or the address form.'), 400: html('A tampered link: the address form.'), 410: html('An expired link: the address form.') },
});

export const unsubscribeOneClick = (locale: Locale): OperationDoc => ({
  operationId: `newsletterUnsubscribeOneClick${suffix(locale)}`,
  summary: `Unsubscribe from a mail in one click (RFC 8058), or by the page's button (${locale})`,
  description:
    'A mail client\'s one-click POST to the List-Unsubscribe link (token in the query, body List-Unsubscribe=One-Click, form-encoded or multipart) unsubscribes and answers 200 text/plain, no page. The page\'s button posts `token`; the address form posts `email` (rate-limited as RATE_LIMIT_UNSUBSCRIBE). Both answer the page.',
  tags: ['newsletter'],
  query: token,
  request: {
    schema: z.object({
      'List-Unsubscribe': z.literal('One-Click').optional().describe('RFC 8058 one-click.'),
      token: z.string().optional(),
      email: z.email().optional(),
    }),
    contentTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
    example: { 'List-Unsubscribe': 'One-Click' },
  },
  responses: {
    200: { description: 'Unsubscribed (one-click: text/plain "Unsubscribed."; otherwise the page).', contentType: 'text/plain; charset=utf-8' },
    400: { description: 'The link is not valid: nothing changed.', contentType: 'text/plain; charset=utf-8' },
    429: html('Too many address-form posts.'),
  },
});

export const cancelBookingPage = (locale: Locale): OperationDoc => ({
  operationId: `consultationCancelPage${suffix(locale)}`,
  summary: `Cancel a booked consultation: the page of the mail's link (${languageName[locale]})`,
  description:
    'Opened from the link in a booking confirmation (embedded office hours). With a valid token: the booking\'s time and one button that cancels it (a GET alone changes nothing, so link scanners cannot cancel anything). A booking already cancelled, or past, says so; every state but the button links to the consultation page to pick a new slot. The token does not expire; it names one booking and serves this purpose only.',
  tags: ['Consultation'],
  query: token,
  responses: {
    200: html('The booking and the button, or: already cancelled.'),
    400: html('The link is incomplete or altered: nothing changed.'),
    404: html('No such booking.'),
    410: html('The consultation has started or passed: nothing changed.'),
  },
});

export const cancelBooking = (locale: Locale): OperationDoc => ({
  operationId: `consultationCancel${suffix(locale)}`,
  summary: `Cancel a booked consultation by the page's button (${languageName[locale]})`,
  description:
    'The button of the cancel page posts the link\'s `token`. The booking is cancelled: its slot is offered again at once (GET /api/consultation/slots), the visitor gets a confirmation in their language with a calendar cancellation (METHOD:CANCEL), and the owner (CONTACT_EMAIL) is told. Posting again answers "already cancelled" and changes nothing.',
  tags: ['Consultation'],
  query: token,
  request: buttonForm,
  responses: {
    200: html('Cancelled (or already cancelled): the page says so and links to the consultation page.'),
    400: html('The link is incomplete or altered: nothing changed.'),
    404: html('No such booking.'),
    410: html('The consultation has started or passed: nothing changed.'),
  },
});
