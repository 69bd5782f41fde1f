/**
 * Query analysis for /ask: what a question asks, before any document is scored. Its intents (read on
 * the question with typos in the patterns' own words corrected), whether it asks for someone to do the
 * work, its terms with the corrections of words the texts do not know, their thesaurus synonyms, their
 * IDF weights and the share of the question the texts know.
 */
import { detectIntents, patternWords, wantsProvider, type Intent } from './intent.ts';
import { stopWords, termsOf, tokenize, withoutVerbPrefix } from './normalize.ts';
import { intentSpelling } from './spelling.ts';
import type { ComparisonBudget } from './near-words.ts';
import { thesaurusExpander, type Expansion } from './expand.ts';
import { compoundReadings, withReadings } from './compounds.ts';
import type { Corpus } from './corpus.ts';
import type { AskLimits } from './engine.ts';
import { askRules, type AskRules } from './rules/index.ts';
import { withoutPersonalData } from './personal-data.ts';

/** How much a question word the texts know only through a spelling correction counts as known. */
const CORRECTED_KNOWN = 0.5;

export interface Question {
  /** The question as the intent patterns read it: typos in their own words corrected. */
  spelled: string;
  intents: Intent[];
  /** The question asks for someone to do the work (intent.ts wantsProvider). */
  asksProvider: boolean;
  /** The question's distinct terms, in order. */
  queryTerms: string[];
  /** For a term the texts do not know: the terms it was probably meant as. */
  corrections: Map<string, string[]>;
  /** The unknown terms checked for typos (within `AskLimits.checkedWords`): only they get typo-tolerant matching. */
  checked: Set<string>;
  synonyms: Expansion;
  /** The IDF of each query term, and their sum. */
  weights: number[];
  weightSum: number;
  /** IDF-weighted share of the question's words the site's texts know (0–1). */
  known: number;
}

export type QuestionAnalyser = (text: string, budget: ComparisonBudget) => Question;

export function questionAnalyser(corpus: Corpus, limits: AskLimits, rules: AskRules = askRules): QuestionAnalyser {
  const { index, normalizeTerm } = corpus;
  const expand = thesaurusExpander(normalizeTerm, rules.thesaurus);
  // The intents' words: the flows' and the pricing page's phrasings, the patterns' own words, the stop words.
  const spellIntentWords = intentSpelling([...corpus.intentWords, ...patternWords(rules.intents), ...stopWords], (word) => {
    const term = normalizeTerm(word);
    return typeof term !== 'string' || index.hasTextTerm(term);
  }, limits.checkedWords);

  /**
   * The question's terms, and for a word the texts do not know, the terms of the words it was
   * probably meant to be (spelling.ts); a mistyped stop word is dropped. Only the first
   * `limits.checkedWords` distinct unknown words are checked (`checked`: their terms, which alone get
   * typo-tolerant matching); the rest are searched as written.
   */
  function questionTerms(text: string, budget: ComparisonBudget): Pick<Question, 'queryTerms' | 'corrections' | 'checked'> {
    const queryTerms = new Set<string>();
    const corrections = new Map<string, string[]>();
    const checked = new Set<string>();
    const unknownTokens = new Set<string>();
    const seen = new Set<string>();
    for (const token of tokenize(text)) {
      // A repeated word adds nothing, and must not be checked (and charged) again.
      if (seen.has(token)) continue;
      seen.add(token);
      const normalized = normalizeTerm(token);
      const terms = normalized === null ? [] : typeof normalized === 'string' ? [normalized] : normalized;
      const unknown = terms.length > 0 && terms.every((term) => !index.hasTextTerm(term));
      if (unknown && unknownTokens.size < limits.checkedWords) {
        unknownTokens.add(token);
        for (const term of terms) checked.add(term);
      }
      const correction = unknownTokens.has(token) ? corpus.spellQuestionWord(token, budget) : undefined;
      if (correction?.stopWord) continue;
      // Words it may have been meant as: for an unknown word, the nearest spellings of the texts' words;
      // for any word, the word without a Polish verbal prefix ("zautomatyzujecie" → "automatyzujecie").
      const words = [...(correction?.words ?? []), ...withoutVerbPrefix(token)];
      const meant = [...new Set(words.flatMap((word) => termsOf(word, normalizeTerm)))].filter((term) => !terms.includes(term) && index.documentFrequency(term));
      if (meant.length) for (const term of terms) corrections.set(term, meant);
      for (const term of terms) queryTerms.add(term);
    }
    return { queryTerms: [...queryTerms], corrections, checked };
  }

  /** IDF-weighted share of the question's terms the texts know (as written, corrected or by a synonym); 1 for a question of stop words only. */
  function knownShare({ queryTerms, weights, weightSum, corrections, synonyms }: Pick<Question, 'queryTerms' | 'weights' | 'weightSum' | 'corrections' | 'synonyms'>): number {
    if (!weightSum) return 1;
    const covered = new Set<number>();
    for (const [term, { covers }] of synonyms) if (index.hasTextTerm(term)) for (const at of covers) covered.add(at);
    // A spelling correction is a guess: "rosół" may be meant as a word of the texts or be one they lack.
    const knownness = (term: string, at: number) => (covered.has(at) || index.hasTextTerm(term) ? 1 : corrections.has(term) ? CORRECTED_KNOWN : 0);
    const known = queryTerms.reduce((sum, term, at) => sum + knownness(term, at) * weights[at]!, 0);
    return known / weightSum;
  }

  return function analyse(asked, budget) {
    const text = withoutPersonalData(asked);
    // The intent patterns read the question with typos in their own words corrected (this charges
    // the budget first, as the question's own spelling does after it).
    const spelled = spellIntentWords(text, budget);
    const intents = detectIntents(spelled, rules.intents);
    const terms = questionTerms(text, budget);
    // Thesaurus: other words for the question's words, searched at a lower weight.
    const synonyms = withReadings(expand(terms.queryTerms), compoundReadings(text, terms.queryTerms, normalizeTerm, (term) => index.hasTextTerm(term)));
    const weights = terms.queryTerms.map(corpus.idf);
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    const analysed = { ...terms, synonyms, weights, weightSum };
    return { ...analysed, spelled, intents, asksProvider: wantsProvider(spelled, rules.intents), known: knownShare(analysed) };
  };
}
