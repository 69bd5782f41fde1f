/**
 * Newsletter actions, shared by the REST endpoints, the MCP tools and the pages opened from mails.
 *
 * Double opt-in (NEWSLETTER_DOUBLE_OPT_IN, on by default): subscribing only makes the address
 * pending and mails it a confirmation link (at most one mail per address per hour, however often
 * it is subscribed); the address joins the list (embedded or the Resend segment) when the link is
 * confirmed (the link opens a page with a button; its POST confirms, so a mail scanner's GET adds
 * no one). Pending addresses are forgotten after CONFIRM_LINK_TTL_MS (7 days) by the shared store's
 * expiry, the same time the link stops working.
 *
 * An unsubscribe that ends a subscription (or a pending one) records its moment for
 * CONFIRM_LINK_TTL_MS: a confirmation link issued before it no longer subscribes (older links have
 * expired anyway). An unsubscribe by the address alone
 * (REST, the tools, the page's form: anyone can type an address) mails a confirmed subscriber a
 * notice with a fresh confirmation link; one by a mail's signed link does not (it came from the
 * mailbox itself).
 */
import type { Locale } from '../base/i18n';
import { getMailProvider } from '../providers/mail';
import { getListProvider } from '../providers/newsletter';
import type { SubscribeRequest, UnsubscribeRequest } from '../schemas/newsletter';
import { getSettings } from '../base/settings';
import { verifyToken, type TokenCheck } from '../base/signing';
import type { SpamVerdict } from '../spam/verdict';
import { getSharedStore } from '../store';
import { CONFIRM_LINK_TTL_MS, confirmationMail, unsubscribedNoticeMail, welcomeMail } from './newsletter-mail';
import { logger } from '../base/log';

/** Repeated subscribe requests mail an address at most once in this time. */
export const CONFIRMATION_MAIL_INTERVAL_MS = 60 * 60_000;

const pendingKey = (email: string) => `newsletter:pending:${email}`;
const mailedKey = (email: string) => `newsletter:confirmation-mailed:${email}`;
const unsubscribedAtKey = (email: string) => `newsletter:unsubscribed-at:${email}`;
const noticeKey = (email: string) => `newsletter:unsubscribe-notice:${email}`;

/** An address is told it was unsubscribed at most once in this time (the notice is not a way to mail someone). */
export const UNSUBSCRIBE_NOTICE_INTERVAL_MS = 60 * 60_000;

/** One spelling per address on every list provider (providers differ in case handling). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type SubscribeOutcome = 'subscribed' | 'already_subscribed' | 'pending' | 'suspected_spam';

/**
 * Subscribes an address (or, with double opt-in, makes it pending and sends the confirmation).
 * Every outcome is the same `{ ok: true }` to the caller: nothing reveals who is on the list.
 * A subscription the form's spam checks found suspicious is recorded but mails no one.
 * `confirmationDelivered` is false when the confirmation is kept but reaches nobody (the outbox in
 * production): the address stays pending, and a tool must not say a mail is on its way.
 */
export async function subscribe(input: SubscribeRequest, verdict?: SpamVerdict): Promise<{ outcome: SubscribeOutcome; confirmationDelivered?: boolean }> {
  const email = normaliseEmail(input.email);
  if (verdict?.suspicious) return { outcome: 'suspected_spam' };
  if (!getSettings().NEWSLETTER_DOUBLE_OPT_IN) {
    const { created } = await getListProvider().add({ email, locale: input.locale, segment: 'newsletter' });
    return { outcome: created ? 'subscribed' : 'already_subscribed' };
  }
  const store = getSharedStore();
  const mail = getMailProvider();
  const confirmationDelivered = mail.delivers !== false;
  await store.set(pendingKey(email), input.locale, CONFIRM_LINK_TTL_MS);
  if (!(await store.setIfAbsent(mailedKey(email), new Date().toISOString(), CONFIRMATION_MAIL_INTERVAL_MS))) {
    return { outcome: 'pending', confirmationDelivered };
  }
  try {
    await mail.send(await confirmationMail(email, input.locale));
  } catch (error) {
    // Not sent: the next request may try again at once (the caller gets a retryable 502).
    await store.delete(mailedKey(email));
    throw error;
  }
  return { outcome: 'pending', confirmationDelivered };
}

export type LinkOutcome<Extra = object, Refusal = 'invalid' | 'expired'> =
  | ({ ok: true; email: string; locale: Locale } & Extra)
  | { ok: false; reason: Refusal };

/** A confirmation link may also be superseded: issued before the address was unsubscribed. */
type ConfirmRefusal = 'invalid' | 'expired' | 'superseded';

/**
 * Checks a confirmation link without acting on it (the page shows its button first): signed, not
 * expired, and issued after the address's last unsubscribe.
 */
export async function checkConfirmLink(token: string | null): Promise<LinkOutcome<object, ConfirmRefusal>> {
  const check: TokenCheck<{ email: string; locale: string }> = verifyToken('newsletter-confirm', token);
  if (!check.ok) return check;
  const email = normaliseEmail(check.data.email);
  // Confirmation links are signed with their expiry only; the issue time is that minus their lifetime.
  const issuedAt = (check.expiresAt ?? CONFIRM_LINK_TTL_MS) - CONFIRM_LINK_TTL_MS;
  const unsubscribedAt = Number((await getSharedStore().get(unsubscribedAtKey(email))) ?? 0);
  if (issuedAt < unsubscribedAt) return { ok: false, reason: 'superseded' };
  return { ok: true, email, locale: check.data.locale === 'en' ? 'en' : 'pl' };
}

/** Confirms by a link (the page's button): adds the address to the list and welcomes it (once). */
export async function confirmSubscription(token: string | null): Promise<LinkOutcome<{ created: boolean }, ConfirmRefusal>> {
  const check = await checkConfirmLink(token);
  if (!check.ok) return check;
  const { email, locale } = check;
  const { created } = await getListProvider().add({ email, locale, segment: 'newsletter' });
  await getSharedStore().delete(pendingKey(email));
  if (created) {
    // The subscription stands even if the welcome cannot be sent now; the page says it is confirmed.
    await getMailProvider()
      .send(await welcomeMail(email, locale))
      .catch((error) => logger().error({ err: error }, '[newsletter] subscription confirmed but the welcome mail failed'));
  }
  return { ok: true, email, locale, created };
}

/** Checks an unsubscribe link without acting on it (the page shows its button first). */
export function checkUnsubscribeLink(token: string | null): LinkOutcome {
  const check: TokenCheck<{ email: string; locale: string }> = verifyToken('newsletter-unsubscribe', token);
  if (!check.ok) return check;
  return { ok: true, email: normaliseEmail(check.data.email), locale: check.data.locale === 'en' ? 'en' : 'pl' };
}

/** Follows an unsubscribe link (the page's button, or a mail client's RFC 8058 one-click POST). */
export async function unsubscribeByLink(token: string | null): Promise<LinkOutcome> {
  const check = checkUnsubscribeLink(token);
  if (!check.ok) return check;
  await removeFromList(check.email);
  return check;
}

/**
 * Unsubscribes an address given alone; an unknown address is a success too (nothing to do, nothing
 * revealed). A subscriber it removes is mailed a notice with a link to subscribe again, in the list's
 * language for it, else `locale` (the request's), else Polish.
 */
export async function unsubscribe(input: UnsubscribeRequest, options: { locale?: Locale } = {}): Promise<void> {
  const email = normaliseEmail(input.email);
  const removed = await removeFromList(email);
  if (!removed.wasSubscribed) return;
  const store = getSharedStore();
  if (!(await store.setIfAbsent(noticeKey(email), new Date().toISOString(), UNSUBSCRIBE_NOTICE_INTERVAL_MS))) return;
  try {
    await getMailProvider().send(await unsubscribedNoticeMail(email, removed.locale ?? options.locale ?? 'pl'));
  } catch (error) {
    // The unsubscribe stands (the caller asked for it); the next one may try the notice again.
    await store.delete(noticeKey(email));
    logger().error({ err: error }, '[newsletter] address unsubscribed but the notice mail failed');
  }
}

/**
 * Takes the address off the list and out of pending and, when that ended a subscription or a
 * pending one, remembers when: confirmation links issued before stop working. An unsubscribe that
 * changes nothing moves nothing (repeating it must not void the link of the notice just sent).
 */
async function removeFromList(email: string) {
  const store = getSharedStore();
  const at = Date.now();
  const wasPending = (await store.get(pendingKey(email))) !== null;
  const removed = await getListProvider().unsubscribe(email);
  if (removed.wasSubscribed || wasPending) await store.set(unsubscribedAtKey(email), String(at), CONFIRM_LINK_TTL_MS);
  await store.delete(pendingKey(email));
  return removed;
}
