/**
 * The From of one mail: the address of MAIL_FROM (or the one derived from CONTACT_EMAIL) under the
 * display name the mail was composed with (`MailMessage.fromName`: the business name in the mail's
 * language), so a mail in English does not come from a Polish name. Without one, MAIL_FROM as written.
 */
export function senderOf(mailFrom: string, fromName: string | undefined): string {
  const name = fromName?.replace(/[\p{Cc}"\\<>]/gu, '').trim();
  if (!name) return mailFrom;
  const address = (/<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  return `"${name}" <${address}>`;
}
