/**
 * A service inquiry (MCP tool, chat, WebMCP): kept (src/server/messages/), then one mail to the
 * owner, reply-to the person asking.
 * Single-line fields lose control characters and bidi overrides first; a suspicious one (from a
 * form's spam checks) is delivered marked, never dropped.
 */
import { keepAndMailOwner } from '../messages/owner-mail';
import { newMessageId } from '../messages/messages-store';
import { escapeHtml, headerSafe, singleLine } from '../providers/mail';
import type { ServiceInquiryInput } from '../schemas/tools';
import { getSettings } from '../settings';
import { spamHeaders, spamNote, spamSubjectPrefix, type SpamVerdict } from '../spam/verdict';

/** Short, unambiguous reference quoted in the subject, e.g. INQ-7F3K9Q (also the kept message's id). */
const newReference = () => newMessageId('INQ');

export async function submitInquiry(input: ServiceInquiryInput, verdict?: SpamVerdict): Promise<{ reference: string }> {
  const settings = getSettings();
  const reference = newReference();
  const suspicious = Boolean(verdict?.suspicious);
  const fullName = singleLine(input.fullName);
  const supportArea = singleLine(input.supportArea);
  const phone = input.phone ? singleLine(input.phone) : undefined;
  const subject = headerSafe(`${suspicious ? spamSubjectPrefix : ''}[Zapytanie ${reference}] ${supportArea} — ${fullName}`).slice(0, 200);
  const lines = [
    ...(suspicious ? [spamNote(verdict!), ''] : []),
    `Od / From: ${fullName} <${input.email}>`,
    `Telefon / Phone: ${phone || '—'}`,
    `Obszar / Support area: ${supportArea}`,
    `Język / Language: ${input.locale}`,
    `Numer / Reference: ${reference}`,
  ];
  const notes = input.notes ?? '—';
  await keepAndMailOwner({
    id: reference,
    kind: 'inquiry',
    name: fullName,
    email: input.email,
    phone: phone ?? null,
    topic: supportArea,
    locale: input.locale,
    body: input.notes ?? '',
    suspectedSpam: suspicious,
    mail: {
      to: [settings.CONTACT_EMAIL],
      replyTo: input.email,
      subject,
      text: [...lines, '', notes].join('\n'),
      html: `<p>${lines.map(escapeHtml).join('<br>')}</p><p>${escapeHtml(notes).replace(/\n/g, '<br>')}</p>`,
      ...(suspicious ? { headers: spamHeaders(verdict!) } : {}),
    },
  });
  return { reference };
}
