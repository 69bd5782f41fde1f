/**
 * The contact form: the message is kept (src/server/messages/), mailed to the owner (reply-to the
 * visitor), then, only when the sender agreed (`listConsent`), the sender goes into segment Kontakt.
 * The mail is what matters: its failure is the caller's 502. Once it is accepted, a failure to file
 * the sender in Kontakt is logged, not returned, because a retry would send the owner the mail twice.
 *
 * A message the form's spam checks found suspicious is still delivered (nothing is lost), marked in
 * its subject and headers, and its sender is not filed in Kontakt.
 */
import { logger } from '../base/log';
import { setTimeout as sleep } from 'node:timers/promises';
import { keepAndMailOwner, ownerMail } from '../messages/owner-mail';
import { newMessageId } from '../messages/messages-store';
import { singleLine } from '../providers/mail';
import { PROVIDER_TIMEOUT_MS } from '../providers/mail-resend';
import { getListProvider } from '../providers/newsletter';
import { normaliseEmail } from './newsletter';
import type { ContactRequest } from '../schemas/contact';
import type { SpamVerdict } from '../spam/verdict';

export async function submitContact(input: ContactRequest, verdict?: SpamVerdict): Promise<void> {
  const started = Date.now();
  const suspicious = Boolean(verdict?.suspicious);
  const name = singleLine(input.name);
  const topic = input.topic ? singleLine(input.topic) : undefined;
  await keepAndMailOwner({
    id: newMessageId(),
    kind: 'contact',
    name,
    email: input.email,
    phone: null,
    topic: topic || null,
    locale: input.locale,
    body: input.message,
    suspectedSpam: suspicious,
    mail: ownerMail({
      replyTo: input.email,
      subject: `[Kontakt] ${topic || 'Wiadomość ze strony'} — ${name}`,
      facts: [
        `Od / From: ${name} <${input.email}>`,
        `Temat / Topic: ${topic || '—'}`,
        `Język / Language: ${input.locale}`,
        `Lista kontaktów / Contact list: ${input.listConsent ? 'tak / yes' : 'nie / no'}`,
      ],
      text: input.message,
      verdict,
    }),
  });
  if (suspicious || !input.listConsent) return;
  // The visitor waits at most one provider deadline in all: filing goes on in the background
  // (bounded by its own deadline) if the mail took most of it.
  const filing = getListProvider()
    .add({ email: normaliseEmail(input.email), locale: input.locale, segment: 'Kontakt', name })
    .catch((error) => logger().error({ err: error }, '[contact] the message was sent but the sender was not added to segment Kontakt'));
  const remaining = Math.max(PROVIDER_TIMEOUT_MS - (Date.now() - started), 0);
  const stopWaiting = new AbortController();
  const deadline = sleep(remaining, undefined, { ref: false, signal: stopWaiting.signal }).catch(() => undefined);
  await Promise.race([filing, deadline]);
  stopWaiting.abort();
}
