/**
 * E-mail addresses and phone numbers in a question. They say who is asking, never what about: the
 * analysis leaves them out (an address at the site's own domain would otherwise count as words the
 * site knows), and the low-confidence log keeps the question without them.
 */
// The domain's labels hold no dot, so a long run of dots or letters is read in one pass (a question is
// analysed on every request: no pattern here may backtrack over the same run again and again).
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:.]+(?:\.[^\s@<>()[\]"',;:.]+)+/g;
// A run of digits with the separators phone numbers are written with.
const NUMBER_RUN = /(?:\+|\b00)?\d(?:[\s()./-]{0,3}\d){6,}/g;

/**
 * The text with each e-mail address and phone number replaced. A run of 9 or more digits counts as a
 * number to take out (a Polish number has 9, and account, card and PESEL numbers have more), and one
 * of 7 or more that starts with + or 00; a price, a year or "2023-2024" stays.
 */
function replaced(text: string, email: string, phone: string): string {
  return text.replace(EMAIL, email).replace(NUMBER_RUN, (run) => {
    const digits = run.replace(/\D/g, '').length;
    return digits >= 9 || (/^(\+|00)/.test(run) && digits >= 7) ? phone : run;
  });
}

/** The question as the log keeps it: "[e-mail]" and "[phone]" where they were, whitespace collapsed. */
export function redactQuestion(text: string): string {
  return replaced(text, '[e-mail]', '[phone]').replace(/\s+/g, ' ').trim();
}

/** The question as the analysis reads it: without e-mail addresses and phone numbers. */
export function withoutPersonalData(text: string): string {
  return replaced(text, ' ', ' ');
}
