/**
 * The contact form: mail to the owner (reply-to the visitor), then the sender into segment Kontakt.
 * The mail is what matters: its failure is the caller's 502. Once it is accepted, a failure to file
 * the sender in Kontakt is logged, not returned, because a retry would send the owner the mail twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { escapeHtml, getMailProvider, headerSafe } from '../providers/mail';
import { PROVIDER_TIMEOUT_MS } from '../providers/mail-resend';
import { getListProvider } from '../providers/newsletter';
import { normaliseEmail } from './newsletter';
import type { ContactRequest } from '../schemas/contact';
import { getSettings } from '../settings';

export async function submitContact(input: ContactRequest): Promise<void> {
  const started = Date.now();
  const settings = getSettings();
  const subject = headerSafe(`[Kontakt] ${input.topic ?? 'Wiadomość ze strony'} — ${input.name}`).slice(0, 200);
  const lines = [
    `Od / From: ${input.name} <${input.email}>`,
    `Temat / Topic: ${input.topic ?? '—'}`,
    `Język / Language: ${input.locale}`,
    '',
    input.message,
  ];
  await getMailProvider().send({
    to: [settings.CONTACT_EMAIL],
    replyTo: input.email,
    subject,
    text: lines.join('\n'),
    html: `<p>${lines.slice(0, 3).map(escapeHtml).join('<br>')}</p><p>${escapeHtml(input.message).replace(/\n/g, '<br>')}</p>`,
  });
  // The visitor waits at most one provider deadline in all: filing goes on in the background
  // (bounded by its own deadline) if the mail took most of it.
  const filing = getListProvider()
    .add({ email: normaliseEmail(input.email), locale: input.locale, segment: 'Kontakt', name: input.name })
    .catch((error) => console.error('[contact] the message was sent but the sender was not added to segment Kontakt:', error));
  const remaining = Math.max(PROVIDER_TIMEOUT_MS - (Date.now() - started), 0);
  const stopWaiting = new AbortController();
  const deadline = sleep(remaining, undefined, { ref: false, signal: stopWaiting.signal }).catch(() => undefined);
  await Promise.race([filing, deadline]);
  stopWaiting.abort();
}
