/**
 * The /ask rules as named data: the intent patterns (intents.ts) and the thesaurus groups
 * (thesaurus.ts), each with a stable id. The engine reads them from here; scripts/ask/ablation.mjs
 * switches them off one at a time to measure what each adds.
 */
import { intentRules, type IntentRule, type IntentRules } from './intents.ts';
import { thesaurus, type SynonymGroup } from './thesaurus.ts';

export interface AskRules {
  intents: IntentRules;
  thesaurus: readonly SynonymGroup[];
}

export const askRules: AskRules = { intents: intentRules, thesaurus };

/** Every rule's id: the intent patterns' (`<kind>.<name>`) and the thesaurus groups' (`thesaurus.<name>`). */
export function ruleIds(rules: AskRules = askRules): string[] {
  return [...Object.values(rules.intents).flatMap((kind) => kind.map(({ id }) => id)), ...rules.thesaurus.map(({ id }) => `thesaurus.${id}`)];
}

/** The rules without the named ones (ids as `ruleIds` gives them). */
export function withoutRules(ids: Iterable<string>, rules: AskRules = askRules): AskRules {
  const off = new Set(ids);
  const intents = { ...rules.intents } as Record<keyof IntentRules, readonly IntentRule[]>;
  for (const kind of Object.keys(intents) as (keyof IntentRules)[]) intents[kind] = intents[kind].filter(({ id }) => !off.has(id));
  return { intents, thesaurus: rules.thesaurus.filter(({ id }) => !off.has(`thesaurus.${id}`)) };
}
