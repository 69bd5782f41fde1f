/**
 * Intent of a question: does it ask for a flow (contact, consultation) or for prices, and does it ask
 * the firm to do the work (`wantsProvider`)? The patterns are named data (rules/intents.ts); this
 * module says how they combine. The tiers decide in order: an explicit booking, contact, a wish to
 * talk, prices ("umówić rozmowę telefoniczną" is a booking, "proszę o numer, pod którym mogę
 * porozmawiać" is contact). Each rule was kept only when it added to the relevance figures
 * (scripts/ask/ablation.mjs).
 */
import type { AskDocument } from './documents.ts';
import { fold } from './normalize.ts';
import { intentRules, type IntentRule, type IntentRules } from './rules/intents.ts';

export type Intent = 'consultation' | 'contact' | 'pricing';

/** The tiers in the order they decide: an explicit booking, then contact, then a wish to talk, then prices. */
const tierOrder: [Intent, keyof IntentRules][] = [
  ['consultation', 'consultation'],
  ['contact', 'contact'],
  ['consultation', 'talk'],
  ['pricing', 'pricing'],
];

const anyMatches = (rules: readonly IntentRule[], text: string) => rules.some(({ pattern }) => pattern.test(text));

// Chat shorthand, so "whats ur email" reads as "your email" (not "u", a Polish preposition: "u was").
const shorthand: Record<string, string> = { ur: 'your', pls: 'please', plz: 'please' };
const readable = (question: string) =>
  fold(question)
    .replace(/\s+/g, ' ')
    .replace(/\b(ur|pls|plz)\b/g, (word) => shorthand[word]!);

/** Every intent the question shows, strongest first. */
export function detectIntents(question: string, rules: IntentRules = intentRules): Intent[] {
  const text = readable(question);
  const found = tierOrder.filter(([, tier]) => anyMatches(rules[tier], text)).map(([intent]) => intent);
  // Someone else's price (a licence programme, a parcel fee, a donation amount) is not a question about ours.
  if (anyMatches(rules.othersPrices, text) && !anyMatches(rules.ourPrices, text)) return [...new Set(found.filter((intent) => intent !== 'pricing'))];
  return [...new Set(found)];
}

/** The document types whose example questions vote for an intent: an example asked of a flow or of a pricing document. */
const intentOfType: Partial<Record<AskDocument['type'], Intent>> = { consultation: 'consultation', contact: 'contact', pricing: 'pricing' };

/**
 * The intents the nearest example questions vote for: an intent whose documents hold at least
 * `threshold` of the votes (each example's share, `ranking.ts` neighbourVotes), times the share of the
 * question the site knows, is the question's. So an editor extends an intent by adding a question
 * asked of its flow or of a price, not a pattern; and a question that shares one word with many
 * examples of a flow ("rozkład jazdy tramwaju numer 8" and "numer telefonu") is not taken for it.
 */
export function votedIntents(votes: ReadonlyMap<AskDocument, number>, known: number, threshold: number): Intent[] {
  const shares = new Map<Intent, number>();
  for (const [document, share] of votes) {
    const intent = intentOfType[document.type];
    if (intent) shares.set(intent, (shares.get(intent) ?? 0) + share);
  }
  return [...shares].filter(([, share]) => share * known >= threshold).sort((x, y) => y[1] - x[1]).map(([intent]) => intent);
}

/** The patterns' intents and the voted ones: flows first (the patterns' before the votes'), prices last. */
export function combinedIntents(matched: readonly Intent[], voted: readonly Intent[]): Intent[] {
  const all = [...matched, ...voted];
  return [...new Set([...all.filter((intent) => intent !== 'pricing'), ...all.filter((intent) => intent === 'pricing')])];
}

/**
 * Does the question ask for someone to do the work (a service) rather than how to do it oneself (an
 * article)? "szukamy kogoś do migracji poczty", "we need help moving to the cloud". The other ways of
 * asking ("projektujecie strony?", "will you train our staff", "accessibility audit") are read by the
 * example questions' votes and the classifier (docs/decisions/ask-rules.md, 2026-12-07).
 */
export function wantsProvider(question: string, rules: IntentRules = intentRules): boolean {
  return anyMatches(rules.provider, readable(question).trim());
}

/** The ids of every rule whose pattern matches the question (the ones an ablation of it can change). */
export function matchingIntentRules(question: string, rules: IntentRules = intentRules): string[] {
  const text = readable(question);
  return Object.values(rules).flatMap((kind) => kind.filter(({ pattern }) => pattern.test(text) || pattern.test(text.trim())).map(({ id }) => id));
}

/**
 * The words the patterns themselves spell out (4+ letters, often a stem: "konsultac", "intro"): the
 * intent spelling takes them as meant, so it does not "correct" "intro" into "into".
 */
export function patternWords(rules: IntentRules = intentRules): string[] {
  const all = Object.values(rules).flatMap((kind) => kind.map(({ pattern }) => pattern));
  return [...new Set(all.flatMap((pattern) => pattern.source.replace(/\\[a-z]/gi, ' ').match(/[a-z]{4,}/g) ?? []))];
}
