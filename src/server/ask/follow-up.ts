/**
 * NLWeb `context.prev` (earlier questions of the conversation): a follow-up such as "a ile to
 * kosztuje?" or "what about for a school?" names no topic of its own, so it is asked together with
 * the last earlier question. A question that names a topic stands alone. Pure.
 */
import { fold, termsOf } from './normalize.ts';

/** Words that carry no topic: prices, pronouns, "more", "details" (folded and stemmed like the index). */
const generic = new Set(
  termsOf(
    'koszt koszty kosztuje kosztowac kosztowałoby cena ceny cennik ile wiecej więcej info informacje szczegoly szczegóły ' +
      'czas trwa dlugo długo termin kiedy jeszcze inne tez też ' +
      'price prices cost costs much pricing more details info information long take takes time when else also other',
  ),
);
const opener = /^(a|i|oraz|to|ale|and|but|also|so|then|what about|how about|a co|co z|a jak|and how|and what)\b/;

/** The earlier questions, newest last: NLWeb sends an array or a comma-separated string. */
export function previousQuestions(prev: unknown): string[] {
  if (typeof prev === 'string') return prev.split(',').map((part) => part.trim()).filter(Boolean);
  if (Array.isArray(prev)) return prev.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim());
  return [];
}

/** True when the question leans on what was asked before. */
export function isFollowUp(question: string): boolean {
  const topical = termsOf(question).filter((term) => !generic.has(term));
  return topical.length === 0 || (topical.length <= 1 && opener.test(fold(question).trim()));
}

/** The text to search: the question, or the last earlier question and it when it is a follow-up. */
export function decontextualize(question: string, prev: readonly string[]): string | undefined {
  const last = prev.at(-1);
  return last && isFollowUp(question) ? `${last} ${question}` : undefined;
}
