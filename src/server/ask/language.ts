/**
 * Which language a question is in, for /ask without `locale`: Polish letters, and
 * Polish and English function words and endings, counted on the folded text. Undecided (a bare
 * "WCAG", "TechSoup", a number) when neither side has evidence; then the caller's Accept-Language
 * decides, then Polish, the site's default. Pure.
 */
import type { Locale } from '../base/i18n.ts';
import { fold } from './normalize.ts';
import { preferredLocale } from '../http/negotiate.ts';

const polishLetters = /[ąćęłńóśźż]/giu;
const polishWords = new Set(
  ('a aby ale albo bo by czy co dla do gdzie gdy i ile jak jaka jaki jakie jest jestem juz ktora ktore ktory lub ma mam mamy mi mnie moge mozna na nad nam nas nasz nasza nasze nie o od oraz po pod przez przy sa sie ta tak te tego tej ten to trzeba tu w was wam wasz wy z za ze zeby chce chcemy prosze czym kto kiedy dlaczego dzien dobry potrzebuje potrzebujemy mozecie macie robicie ' +
    'strona strony stron cena ceny cennik koszt kosztuje kontakt pomoc fundacja fundacji firma firmy umow').split(' '),
);
const englishWords = new Set(
  ('a an the and or of to in on for with is are be do does did how what which who whom why when where can could i you your we our us my me it its this that these those about from at by much many should want would will have has need needs please hi hello there any some get ' +
    // Frequent words of this site's questions that Polish does not have.
    'book call price prices pricing cost costs website websites site page help support contact touch free team staff charity email').split(' '),
);
// Endings frequent in one language and rare in the other (folded).
const polishEndings = /(owac|owanie|owania|osci|ych|ego|emu|ami|acja|acji|ie|sz|cz|rz|ow)$/;
const englishEndings = /(ing|tion|ness|ment|ly|ed|ful|able|ship|ould|ght)$/;

/** 'pl', 'en', or undefined when the text gives no evidence either way. */
export function detectLanguage(text: string): Locale | undefined {
  let score = (text.match(polishLetters)?.length ?? 0) * 2;
  for (const word of fold(text).split(/[^a-z0-9']+/).filter(Boolean)) {
    // "a" is a word in both languages: it counts for neither.
    if (word !== 'a') {
      if (polishWords.has(word)) score += 1.5;
      if (englishWords.has(word)) score -= 1.5;
    }
    if (word.length >= 4) {
      if (polishEndings.test(word)) score += 0.5;
      if (englishEndings.test(word)) score -= 0.5;
    }
  }
  return score >= 1 ? 'pl' : score <= -1 ? 'en' : undefined;
}

export type LocaleSource = 'request' | 'question' | 'accept-language' | 'default';

/** The answer's language: the request's `locale`, else the question's, else Accept-Language, else pl. */
export function chooseLocale(requested: Locale | undefined, question: string, acceptLanguage?: string | null): { locale: Locale; source: LocaleSource } {
  if (requested) return { locale: requested, source: 'request' };
  const detected = detectLanguage(question);
  if (detected) return { locale: detected, source: 'question' };
  const accepted = preferredLocale(acceptLanguage);
  if (accepted) return { locale: accepted, source: 'accept-language' };
  return { locale: 'pl', source: 'default' };
}
