/** A service inquiry (MCP tool, chat, WebMCP): one mail to the owner, reply-to the person asking. */
import { randomBytes } from 'node:crypto';
import { escapeHtml, getMailProvider, headerSafe } from '../providers/mail';
import type { ServiceInquiryInput } from '../schemas/tools';
import { getSettings } from '../settings';

/** Short, unambiguous reference quoted in the subject, e.g. INQ-7F3K9Q. */
function newReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `INQ-${Array.from(randomBytes(6), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export async function submitInquiry(input: ServiceInquiryInput): Promise<{ reference: string }> {
  const settings = getSettings();
  const reference = newReference();
  const subject = headerSafe(`[Zapytanie ${reference}] ${input.supportArea} — ${input.fullName}`).slice(0, 200);
  const lines = [
    `Od / From: ${input.fullName} <${input.email}>`,
    `Telefon / Phone: ${input.phone ?? '—'}`,
    `Obszar / Support area: ${input.supportArea}`,
    `Język / Language: ${input.locale}`,
    `Numer / Reference: ${reference}`,
  ];
  const notes = input.notes ?? '—';
  await getMailProvider().send({
    to: [settings.CONTACT_EMAIL],
    replyTo: input.email,
    subject,
    text: [...lines, '', notes].join('\n'),
    html: `<p>${lines.map(escapeHtml).join('<br>')}</p><p>${escapeHtml(notes).replace(/\n/g, '<br>')}</p>`,
  });
  return { reference };
}
