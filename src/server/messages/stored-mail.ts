/**
 * The owner's mail as a message row keeps it. Its text and HTML parts each repeat the sender's
 * message, which the row already holds in `body`: stored, each repetition becomes a marker, and
 * reading puts the body back, so the row holds the message once instead of three times (a resend is
 * still the mail exactly as composed). Rows written before, and any mail that would not read back
 * identical (a body holding the marker itself), are kept whole.
 */
import { escapeHtml, type MailMessage } from '../providers/mail';

const BODY = '\u0000body\u0000';
/** The body as ownerMail writes it into the HTML part. */
const bodyHtml = (body: string) => escapeHtml(body).replace(/\n/g, '<br>');

function marked(text: string, part: string): string {
  const at = part ? text.lastIndexOf(part) : -1;
  return at < 0 ? text : `${text.slice(0, at)}${BODY}${text.slice(at + part.length)}`;
}

function filled(text: string, part: string): string {
  const at = text.indexOf(BODY);
  return at < 0 ? text : `${text.slice(0, at)}${part}${text.slice(at + BODY.length)}`;
}

/** The mail as the `mail` column stores it. */
export function storedMail(mail: MailMessage, body: string): string {
  const whole = JSON.stringify(mail);
  const compact = JSON.stringify({ ...mail, text: marked(mail.text, body), ...(mail.html === undefined ? {} : { html: marked(mail.html, bodyHtml(body)) }) });
  return JSON.stringify(mailOf(compact, body)) === whole ? compact : whole;
}

/** The mail a stored row describes, its body put back. */
export function mailOf(stored: string, body: string): MailMessage {
  const mail = JSON.parse(stored) as MailMessage;
  // A row from before may hold a mail without parts: it is read as it was kept.
  return {
    ...mail,
    ...(typeof mail.text === 'string' ? { text: filled(mail.text, body) } : {}),
    ...(typeof mail.html === 'string' ? { html: filled(mail.html, bodyHtml(body)) } : {}),
  };
}
