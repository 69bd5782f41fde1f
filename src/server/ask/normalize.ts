/**
 * Term normalisation shared by the index and the questions (the index's processTerm): lowercase,
 * Polish diacritics folded (ą→a, ł→l…), stop words dropped, then a stemmer. One stemmer for both
 * languages on purpose: a question's language is not always its locale, and the same function on
 * both sides is what matters ("strony internetowej" and "strona internetowa" both become
 * "stron internet"). Folding comes first, so a question typed without Polish letters meets the same
 * terms as the text. Pure module: imported by the bench under plain Node, hence `.ts` paths.
 *
 * Stemmers measured on the relevance set (scripts/ask/relevance.mjs --stemmer NAME; README "Ranking"):
 * `light`, our suffix stripper; `nlpjs`, the Polish stemmer of @nlpjs/lang-pl (a port of the
 * rule-based pl_stemmer) on folded words; `nlpjs+light`, that stemmer then our stripper for what it
 * leaves (English words, case endings it does not know). DEFAULT_STEMMER is the one that measured best.
 */
import { StemmerPl } from '@nlpjs/lang-pl';

const foldMap: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };

/** Lowercase and without diacritics (Polish letters by table, the rest by Unicode decomposition). */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ąćęłńóśźż]/g, (letter) => foldMap[letter]!)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

/** Words that carry no topic, in folded form (Polish and English). */
export const stopWords = new Set(
  (
    // Polish
    'a aby ale ani az bo by byc byl co czy czym dla do gdzie gdy i ich ile im ja jak jaka jaki jakie jakiej jakim jest ' +
    'juz ktora ktore ktory ktorych lub ma mam mamy mi mnie moge mozna moj moja moje na nad nam nas nasz nasza nasze nie ' +
    'o od oraz po pod przez przy sa sie ta tak te tego tej ten to tu tym w wam was wami wasz wasza wasze we z za ze zeby ' +
    'chce chcemy chcialbym chcialabym prosze jesli czyli tylko takze tez '+
    'moim mojego mojej moich moimi mojemu naszego naszej naszych naszym naszymi naszemu nasi waszego waszej waszych waszym waszymi '+
    // English
    'an the and or of to in on for with is are be been do does did how what which who can could i you your we our ' +
    'us my me it its this that these those about from at by as much many should want would will into if not any there ' +
    'have has get some'
  ).split(/\s+/).filter(Boolean),
);

/**
 * Suffixes stripped (folded forms), longest first. Polish noun, adjective and verb endings, and the
 * common English ones. A stem keeps at least MIN_STEM letters.
 */
const suffixes = [
  // Polish: verbal nouns, abstract nouns, -acja family, adjectives, verbs, case endings
  'owaniami', 'owaniach', 'owaniem', 'owania', 'owanie', 'owaniu', 'osciami', 'osciach', 'oscia', 'osci', 'osc',
  'acjami', 'acjach', 'acja', 'acji', 'acje', 'acje',
  'owych', 'owymi', 'owego', 'owemu', 'owej', 'owym', 'owa', 'owe', 'owy',
  'owac', 'ujemy', 'ujesz', 'uje', 'uja', 'owal', 'owala', 'owali',
  'iami', 'iach', 'ami', 'ach', 'ego', 'emu', 'ymi', 'imi', 'ych', 'ich', 'iem',
  'ym', 'im', 'ej', 'ie', 'ia', 'iu', 'ii', 'om', 'ow', 'em',
  // English
  'ibility', 'ability', 'ible', 'able', 'ions', 'ion', 'ings', 'ing', 'ies', 'ed', 'es', 'ly',
  // single letters last
  'a', 'e', 'i', 'o', 'u', 'y', 's',
];
const MIN_STEM = 3;

function stripOnce(word: string, minSuffix = 1): string {
  for (const suffix of suffixes) {
    if (suffix.length < minSuffix) continue;
    if (word.length - suffix.length >= MIN_STEM && word.endsWith(suffix)) {
      // "ss" is an English ending, not a plural ("access", "business").
      if (suffix === 's' && (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is'))) continue;
      return word.slice(0, -suffix.length);
    }
  }
  return word;
}

/**
 * Light stemmer. When the first pass took a one-letter case ending, a second pass runs, so a Polish
 * ending on an English loanword goes too ("phishingu" → "phishing" → "phish"); otherwise one pass,
 * because stripping twice eats stems ("automation" would become "aut"). Words with digits stay.
 */
export function stem(word: string): string {
  if (/\d/.test(word)) return word;
  const once = stripOnce(word);
  return word.length - once.length === 1 ? stripOnce(once, 2) : once;
}

const polish = new StemmerPl();
/** @nlpjs/lang-pl's stemmer; it leaves short words and words with digits alone. */
function nlpjsStem(word: string): string {
  if (/\d/.test(word) || word.length < 4) return word;
  return polish.stemWord(word) || word;
}

export const stemmers = {
  light: stem,
  nlpjs: nlpjsStem,
  'nlpjs+light': (word: string) => {
    const once = nlpjsStem(word);
    return once === word ? stem(word) : once;
  },
} as const;
export type StemmerName = keyof typeof stemmers;
export const DEFAULT_STEMMER: StemmerName = 'light';

/**
 * Polish verbal prefixes, longest first: a perfective verb ("zautomatyzujecie", "przeanalizować") is
 * its imperfective or its noun's stem with a prefix, which no suffix stripper removes.
 */
const verbPrefixes = ['przy', 'prze', 'roz', 'pod', 'nad', 'wy', 'za', 'po', 'na', 'do', 'od', 'ob', 'z', 's', 'u'];

/** The folded word without each Polish verbal prefix it may carry (a remainder of at least five letters). */
export function withoutVerbPrefix(word: string): string[] {
  const folded = fold(word);
  return verbPrefixes.filter((prefix) => folded.startsWith(prefix) && folded.length - prefix.length >= 5).map((prefix) => folded.slice(prefix.length));
}

/** English compounds that people also write as two words ("web design" for a "websites" page). */
const compound = /^(web)(site|sites|page|pages)$/;

export type TermNormalizer = (term: string) => string | string[] | null;

// Words repeat (Zipf): memoising makes indexing several times faster. Bounded, so questions full of
// made-up words cannot grow it without limit.
const MEMO_LIMIT = 200_000;
const normalizers = new Map<StemmerName, TermNormalizer>();

/** The processTerm for a stemmer: null drops the term; a compound gives two. */
export function termNormalizer(name: StemmerName = DEFAULT_STEMMER): TermNormalizer {
  const existing = normalizers.get(name);
  if (existing) return existing;
  const stemWord = stemmers[name];
  const memo = new Map<string, string | string[] | null>();
  const normalize: TermNormalizer = (term) => {
    const known = memo.get(term);
    if (known !== undefined) return known;
    const folded = fold(term);
    // An acronym written in capitals is a word, not a stop word: "IT" (informatics), not "it".
    const stop = stopWords.has(folded) && !(term.length >= 2 && /^\p{Lu}+$/u.test(term));
    let result: string | string[] | null = !folded || stop ? null : stemWord(folded);
    const parts = result && folded.match(compound);
    if (result && parts) result = [result as string, parts[1]!];
    if (memo.size < MEMO_LIMIT) memo.set(term, result);
    return result;
  };
  normalizers.set(name, normalize);
  return normalize;
}

/** The processTerm of the index and the questions, with the default stemmer. */
export const normalizeTerm: TermNormalizer = (term) => termNormalizer()(term);

/** Splits text like MiniSearch's default tokenizer (spaces and punctuation, hyphens included). */
export function tokenize(text: string): string[] {
  // The runs between separators: the same as splitting on them and dropping empty strings, faster.
  return text.match(/[^\n\r\p{Z}\p{P}\p{S}]+/gu) ?? [];
}

/** Tokenize + normalise: the terms a text contributes to the index or a question. */
export function termsOf(text: string, normalize: TermNormalizer = termNormalizer()): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text)) {
    const term = normalize(token);
    if (Array.isArray(term)) terms.push(...term);
    else if (term) terms.push(term);
  }
  return terms;
}
