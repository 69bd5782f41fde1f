/**
 * Intent of a question: does it ask for a flow (contact, consultation) or for prices, and does it ask
 * the firm to do the work (`wantsProvider`)? The patterns are named data (rules/intents.ts); this
 * module says how they combine. The tiers decide in order: an explicit booking, contact, a wish to
 * talk, prices ("umówić rozmowę telefoniczną" is a booking, "proszę o numer, pod którym mogę
 * porozmawiać" is contact). Each rule was kept only when it added to the relevance figures
 * (scripts/ask/ablation.mjs).
 */
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

/**
 * Does the question ask for someone to do the work (a service) rather than how to do it oneself (an
 * article)? "sprawdźcie nam stronę", "we need help moving to the cloud" vs "jak zrobić kopię zapasową".
 * The firm at work in the course of a job always is one; otherwise a question with a self-help
 * marker (how to, why, what is) never is.
 */
export function wantsProvider(question: string, rules: IntentRules = intentRules): boolean {
  const text = readable(question).trim();
  if (anyMatches(rules.firmAtWork, text)) return true;
  if (anyMatches(rules.selfHelp, text)) return false;
  return anyMatches(rules.provider, text) || anyMatches(rules.serviceNouns, text);
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
