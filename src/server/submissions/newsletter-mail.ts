/**
 * The mails a (future) subscriber gets, in their language: the confirmation with its signed,
 * expiring link, the welcome on confirming, and the notice of an unsubscribe by address alone. The
 * first two carry a signed unsubscribe link in the text and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 2369, RFC 8058), so a mail client's
 * one-click POST to that link unsubscribes without a page.
 */
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';
import { type Locale } from '../base/i18n';
import { paths } from '../base/urls';
import type { MailMessage } from '../providers/mail';
import { getSettings } from '../base/settings';
import { signToken } from '../base/signing';
import { businessName, senderName } from './business';

/** How long a confirmation link works; unconfirmed addresses are forgotten after the same time. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

export function confirmUrl(email: string, locale: Locale): string {
  const token = signToken('newsletter-confirm', { email, locale }, CONFIRM_LINK_TTL_MS);
  return `${getSettings().SITE_URL}${paths.newsletterConfirm(locale)}?token=${token}`;
}

/** Unsubscribe links do not expire: an old newsletter must still let its reader leave. */
export function unsubscribeUrl(email: string, locale: Locale): string {
  const token = signToken('newsletter-unsubscribe', { email, locale });
  return `${getSettings().SITE_URL}${paths.newsletterUnsubscribe(locale)}?token=${token}`;
}

/** RFC 8058: the https link, and the header that says a POST to it unsubscribes in one click. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The HTML of a plain text: its paragraphs, links as anchors. */
function htmlOf(text: string): string {
  return text
    .split('\n\n')
    .map((paragraph) => `<p>${escape(paragraph).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Text and HTML from the same paragraphs, signed off, with the footer below a rule when there is one. */
function compose(body: string, footer: string | undefined, closing: string, business: string, siteUrl: string) {
  const text = [body, '', `${closing},`, business, siteUrl, '', ...(footer ? ['--', footer, ''] : [])].join('\n');
  return { text, html: htmlOf(text) };
}

export async function confirmationMail(email: string, locale: Locale): Promise<MailMessage> {
  const text = ui[locale].mail.newsletter;
  const business = await businessName(locale);
  const leave = unsubscribeUrl(email, locale);
  const body = compose(fill(text.confirmBody, { business, link: confirmUrl(email, locale) }), fill(text.footer, { link: leave }), text.closing, business, getSettings().SITE_URL);
  return { to: [email], fromName: await senderName(locale), subject: fill(text.confirmSubject, { business }), ...body, headers: listUnsubscribeHeaders(leave) };
}

export async function welcomeMail(email: string, locale: Locale): Promise<MailMessage> {
  const text = ui[locale].mail.newsletter;
  const business = await businessName(locale);
  const leave = unsubscribeUrl(email, locale);
  const body = compose(fill(text.welcomeBody, { business }), fill(text.footer, { link: leave }), text.closing, business, getSettings().SITE_URL);
  return { to: [email], fromName: await senderName(locale), subject: fill(text.welcomeSubject, { business }), ...body, headers: listUnsubscribeHeaders(leave) };
}

/**
 * To a subscriber removed by their address alone (anyone can type one): what happened, and a fresh
 * confirmation link to undo it. No unsubscribe link: the address is off the list already.
 */
export async function unsubscribedNoticeMail(email: string, locale: Locale): Promise<MailMessage> {
  const text = ui[locale].mail.newsletter;
  const business = await businessName(locale);
  const body = compose(fill(text.noticeBody, { business, link: confirmUrl(email, locale) }), undefined, text.closing, business, getSettings().SITE_URL);
  return { to: [email], subject: fill(text.noticeSubject, { business }), ...body };
}

/** An issue's text and HTML followed by the unsubscribe line (a signed link, or a provider's placeholder for it). */
export function withUnsubscribeFooter(locale: Locale, issue: { text: string; html: string }, leave: string): { text: string; html: string } {
  const footer = fill(ui[locale].mail.newsletter.footer, { link: leave });
  const link = `<a href="${escape(leave)}">${escape(leave)}</a>`;
  return {
    text: `${issue.text.trimEnd()}\n\n--\n${footer}\n`,
    html: `${issue.html.trimEnd()}\n<hr>\n<p>${escape(footer).replace(escape(leave), link)}</p>\n`,
  };
}

/** One newsletter issue to one subscriber: its own signed unsubscribe link and RFC 8058 headers. */
export function issueMail(email: string, locale: Locale, issue: { subject: string; text: string; html: string }, sender?: string): MailMessage {
  const leave = unsubscribeUrl(email, locale);
  return { to: [email], fromName: sender, subject: issue.subject, ...withUnsubscribeFooter(locale, issue, leave), headers: listUnsubscribeHeaders(leave) };
}
