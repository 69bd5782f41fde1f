/**
 * E-mail addresses and phone numbers in a question. They say who is asking, never what about: the
 * analysis leaves them out (an address at the site's own domain would otherwise count as words the
 * site knows), and the low-confidence log keeps the question without them.
 */
// The domain's labels hold no dot, so a long run of dots or letters is read in one pass (a question is
// analysed on every request: no pattern here may backtrack over the same run again and again).
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:.]+(?:\.[^\s@<>()[\]"',;:.]+)+/g;
// An address spelled out to get past filters: "jan (at) example (dot) com", "jan [at] firma [kropka] pl",
// "jan at example dot com", "jan małpa firma kropka pl", "jan @ example.com". The last label must be
// letters (so "meet at 5.30" is not one) and a plain dot takes no spaces (so "look at it. Then" is not
// one either). The lookbehind starts a match only where a word starts, so a run of letters is read once.
const AT_WORD = '(?:at|małpa|malpa|małpka)';
const DOT_WORD = '(?:dot|kropka)';
const bracketed = (word: string) => `\\s*[([{<]\\s*${word}\\s*[)\\]}>]\\s*`;
const SPELLED_EMAIL = new RegExp(
  `(?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]+(?:\\s*@\\s*|${bracketed(AT_WORD)}|\\s+${AT_WORD}\\s+)` +
    `(?:[\\p{L}\\p{N}-]+(?:\\.|${bracketed(DOT_WORD)}|\\s+${DOT_WORD}\\s+))+\\p{L}{2,24}(?![\\p{L}\\p{N}-])`,
  'giu',
);
// A run of digits with the separators phone numbers are written with (up to five between two digits:
// "600 -- 123 -- 456", "600 / 123").
const NUMBER_RUN = /(?:\+|\b00)?\d(?:[\s()./_\u2013\u2014-]{0,5}\d){6,}/g;

/**
 * The text with each e-mail address and phone number replaced. A run of 9 or more digits counts as a
 * number to take out (a Polish number has 9, and account, card and PESEL numbers have more), and one
 * of 7 or more that starts with + or 00; a price, a year or "2023-2024" stays.
 */
function replaced(text: string, email: string, phone: string): string {
  return text.replace(EMAIL, email).replace(SPELLED_EMAIL, email).replace(NUMBER_RUN, (run) => {
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
