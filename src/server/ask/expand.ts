/**
 * Applies the thesaurus (rules/thesaurus.ts) to a question's normalised terms: for every group one of whose
 * phrases occurs in the question (its terms consecutive), the terms of the group's other phrases,
 * each with the indexes of the question terms it stands for (for the confidence's coverage).
 */
import { termsOf, type TermNormalizer } from './normalize.ts';
import { thesaurus, type SynonymGroup } from './rules/thesaurus.ts';

/** A synonym term: the question words it stands for, and its share of its phrase (1 ÷ the phrase's words). */
export interface Synonym {
  covers: number[];
  share: number;
  /** The question's own word spelt otherwise (compounds.ts: "e mail" → "email"): full weight, not a synonym's. */
  exact?: boolean;
}
export type Expansion = Map<string, Synonym>;

/** Most question words a phrase may skip in all ("clicked a weird link" has "click … link"). */
const PHRASE_GAP = 1;

/** Where a phrase's terms occur in order from `start`, with at most PHRASE_GAP other terms between. */
function positionsOf(phrase: readonly string[], terms: readonly string[], start: number): number[] | undefined {
  if (terms[start] !== phrase[0]) return undefined;
  const positions = [start];
  let at = start;
  let skipped = 0;
  for (const word of phrase.slice(1)) {
    at++;
    while (terms[at] !== word && skipped < PHRASE_GAP && at < terms.length) {
      at++;
      skipped++;
    }
    if (terms[at] !== word) return undefined;
    positions.push(at);
  }
  return positions;
}

export interface ThesaurusExpander {
  (queryTerms: readonly string[]): Expansion;
  /** The ids of the groups one of whose phrases occurs in the question's terms. */
  groupsIn(queryTerms: readonly string[]): string[];
}

export function thesaurusExpander(normalize: TermNormalizer, groups: readonly SynonymGroup[] = thesaurus): ThesaurusExpander {
  // Each group as its phrases' term sequences (phrases that normalise to nothing are dropped).
  const compiled = groups.map((group) => group.phrases.map((phrase) => termsOf(phrase, normalize)).filter((terms) => terms.length > 0));
  // Groups by the first term of any phrase, so a question only looks at groups it may touch.
  const byFirstTerm = new Map<string, number[]>();
  compiled.forEach((phrases, groupIndex) => {
    for (const phrase of phrases) {
      const list = byFirstTerm.get(phrase[0]!) ?? [];
      if (!list.includes(groupIndex)) list.push(groupIndex);
      byFirstTerm.set(phrase[0]!, list);
    }
  });

  /** Each group a phrase of which occurs from a question term on: the phrase and the question terms it covers. */
  function* hits(queryTerms: readonly string[]): Generator<{ groupIndex: number; hit: readonly string[]; covers: number[] }> {
    for (let start = 0; start < queryTerms.length; start++) {
      for (const groupIndex of byFirstTerm.get(queryTerms[start]!) ?? []) {
        let covers: number[] | undefined;
        const hit = compiled[groupIndex]!.find((phrase) => (covers = positionsOf(phrase, queryTerms, start)) !== undefined);
        if (hit && covers) yield { groupIndex, hit, covers };
      }
    }
  }

  function expand(queryTerms: readonly string[]): Expansion {
    const expansions: Expansion = new Map();
    const present = new Set(queryTerms);
    for (const { groupIndex, hit, covers } of hits(queryTerms)) {
      for (const phrase of compiled[groupIndex]!) {
        if (phrase === hit) continue;
        // A phrase's words share its weight: "public benefit organisation" is one synonym, and its
        // common words ("public") must not weigh as much as a one-word synonym.
        const share = 1 / phrase.length;
        for (const word of phrase) {
          if (present.has(word)) continue;
          const known = expansions.get(word);
          if (known) {
            for (const index of covers) if (!known.covers.includes(index)) known.covers.push(index);
            known.share = Math.max(known.share, share);
          } else expansions.set(word, { covers: [...covers], share });
        }
      }
    }
    return expansions;
  }
  expand.groupsIn = (queryTerms: readonly string[]) => [...new Set([...hits(queryTerms)].map(({ groupIndex }) => groups[groupIndex]!.id))];
  return expand;
}
