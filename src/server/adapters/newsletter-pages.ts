/**
 * What the pages opened from newsletter mails do (the page files only parse, call this and render):
 *
 * - the confirmation page: GET with a valid ?token= shows one button (a mail scanner that opens
 *   links must not subscribe anyone); the button's POST adds the address to the list and says so;
 *   a tampered, expired or superseded link (issued before the address was unsubscribed) gets a
 *   clear page (400 / 410) and changes nothing;
 * - the unsubscribe page: GET with a valid ?token= shows one button (mail scanners that open links
 *   must not unsubscribe anyone); the button's POST unsubscribes; a mail client's RFC 8058 one-click
 *   POST (body List-Unsubscribe=One-Click) unsubscribes and gets a short plain answer, no page;
 *   without a token the page offers a form for the address (rate-limited like the API).
 */
import { checkConfirmLink, checkUnsubscribeLink, confirmSubscription, unsubscribe, unsubscribeByLink } from '../submissions/newsletter';
import type { Locale } from '../base/i18n';
import { AppError, toAppError } from '../base/errors';
import { readFormData } from '../http/form-data';
import { isolatedPageHeaders } from '../http/security-headers.mjs';
import { consumeRateLimit } from '../http/rate-limit';
import { assertMailEnabled } from '../providers/mail';
import { Email } from '../schemas/common';
import { logger } from '../base/log';

export type ConfirmView =
  | { state: 'ask'; email: string; token: string }
  | { state: 'confirmed'; email: string }
  | { state: 'invalid' | 'expired' | 'superseded' | 'unavailable' | 'off' };

export type UnsubscribeView =
  | { state: 'ask'; email: string; token: string }
  | { state: 'done'; email?: string }
  | { state: 'form'; problem?: 'invalid' | 'expired' | 'email' }
  | { state: 'unavailable' | 'off' | 'rate_limited' };

type Page<View> = { status: number; view: View };

/**
 * The headers of a page opened from a mail link (set on the page's own response: headers set inside a
 * component do not reach it): never cached, the link's token never leaves in a Referer, and no window
 * that opened the page keeps a reference to it.
 */
export function mailLinkPageHeaders(headers: Headers): void {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  headers.set('Referrer-Policy', 'no-referrer');
  for (const [name, value] of Object.entries(isolatedPageHeaders)) headers.set(name, value);
}

/** A provider failure or MAIL_PROVIDER=off becomes a page state, never a 500. */
function failure(error: unknown): Page<{ state: 'unavailable' | 'off' | 'rate_limited' } | { state: 'form'; problem: 'invalid' }> {
  const appError = toAppError(error);
  if (appError.code === 'payload_too_large' || appError.code === 'unsupported_media_type') {
    return { status: appError.status, view: { state: 'form', problem: 'invalid' } };
  }
  if (appError.code === 'not_configured') return { status: 501, view: { state: 'off' } };
  if (appError.code === 'rate_limited') return { status: 429, view: { state: 'rate_limited' } };
  if (appError.code !== 'provider_unavailable') logger().error({ err: error }, '[newsletter page]');
  return { status: 502, view: { state: 'unavailable' } };
}

/** The confirmation page: GET shows the button, its POST (the link's token as a form field) confirms. */
export async function confirmPage(context: PageContext): Promise<Page<ConfirmView>> {
  try {
    assertMailEnabled();
    let token = context.url.searchParams.get('token');
    if (context.request.method === 'POST') {
      // The button posts the token as a form field; a bare POST to the link's URL uses the query's.
      if (context.request.headers.get('content-type')) token = String((await readFormData(context.request)).get('token') ?? '') || token;
      const outcome = await confirmSubscription(token);
      if (!outcome.ok) return { status: outcome.reason === 'invalid' ? 400 : 410, view: { state: outcome.reason } };
      return { status: 200, view: { state: 'confirmed', email: outcome.email } };
    }
    const check = await checkConfirmLink(token);
    if (!check.ok) return { status: check.reason === 'invalid' ? 400 : 410, view: { state: check.reason } };
    return { status: 200, view: { state: 'ask', email: check.email, token: token! } };
  } catch (error) {
    const page = failure(error);
    return page.view.state === 'form' ? { status: page.status, view: { state: 'invalid' } } : (page as Page<ConfirmView>);
  }
}

/** What the page needs of Astro's request context (the page's `Astro` global has these). */
export interface PageContext {
  url: URL;
  request: Request;
  /** The middleware's caller (always set for on-demand pages). */
  locals: App.Locals;
}

/** The unsubscribe page (in `locale`): a Response for the one-click POST, else the view to render. */
export async function unsubscribePage(context: PageContext, locale: Locale): Promise<Response | Page<UnsubscribeView>> {
  const queryToken = context.url.searchParams.get('token');
  try {
    assertMailEnabled();
    if (context.request.method !== 'POST') {
      if (!queryToken) return { status: 200, view: { state: 'form' } };
      const check = checkUnsubscribeLink(queryToken);
      if (!check.ok) return { status: check.reason === 'expired' ? 410 : 400, view: { state: 'form', problem: check.reason } };
      return { status: 200, view: { state: 'ask', email: check.email, token: queryToken } };
    }
    const form = await readFormData(context.request);
    const token = String(form.get('token') ?? '') || queryToken;
    if (form.get('List-Unsubscribe') === 'One-Click') {
      // RFC 8058: the mail client posts to the link itself; answer plainly, no page, no redirect.
      const outcome = await unsubscribeByLink(queryToken ?? token);
      return new Response(outcome.ok ? 'Unsubscribed.\n' : 'This unsubscribe link is not valid.\n', {
        status: outcome.ok ? 200 : 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    if (token) {
      const outcome = await unsubscribeByLink(token);
      if (!outcome.ok) return { status: outcome.reason === 'expired' ? 410 : 400, view: { state: 'form', problem: outcome.reason } };
      return { status: 200, view: { state: 'done', email: outcome.email } };
    }
    // No link at hand: the address alone, as POST /api/newsletter/unsubscribe takes it, under its rate limit.
    const email = Email.safeParse(String(form.get('email') ?? '').trim());
    if (!email.success) return { status: 400, view: { state: 'form', problem: 'email' } };
    const decision = await consumeRateLimit('unsubscribe', context.locals.caller!);
    if (!decision.allowed) throw new AppError('rate_limited');
    await unsubscribe({ email: email.data }, { locale });
    return { status: 200, view: { state: 'done' } };
  } catch (error) {
    return failure(error);
  }
}
