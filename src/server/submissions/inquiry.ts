/**
 * A service inquiry (MCP tool, chat, WebMCP): kept (src/server/messages/), then one mail to the
 * owner, reply-to the person asking.
 * Single-line fields lose control characters and bidi overrides first; a suspicious one (from a
 * form's spam checks) is delivered marked, never dropped.
 */
import { keepAndMailOwner, ownerMail } from '../messages/owner-mail';
import { newMessageId } from '../messages/messages-store';
import { singleLine } from '../providers/mail';
import type { ServiceInquiryInput } from '../schemas/tools';
import type { SpamVerdict } from '../spam/verdict';

/** Short, unambiguous reference quoted in the subject, e.g. INQ-7F3K9Q (also the kept message's id). */
const newReference = () => newMessageId('INQ');

export async function submitInquiry(input: ServiceInquiryInput, verdict?: SpamVerdict): Promise<{ reference: string }> {
  const reference = newReference();
  const fullName = singleLine(input.fullName);
  const supportArea = singleLine(input.supportArea);
  const phone = input.phone ? singleLine(input.phone) : undefined;
  await keepAndMailOwner({
    id: reference,
    kind: 'inquiry',
    name: fullName,
    email: input.email,
    phone: phone ?? null,
    topic: supportArea,
    locale: input.locale,
    body: input.notes ?? '',
    suspectedSpam: Boolean(verdict?.suspicious),
    mail: ownerMail({
      replyTo: input.email,
      subject: `[Zapytanie ${reference}] ${supportArea} — ${fullName}`,
      facts: [
        `Od / From: ${fullName} <${input.email}>`,
        `Telefon / Phone: ${phone || '—'}`,
        `Obszar / Support area: ${supportArea}`,
        `Język / Language: ${input.locale}`,
        `Numer / Reference: ${reference}`,
      ],
      text: input.notes ?? '—',
      verdict,
    }),
  });
  return { reference };
}
