/**
 * The words of the content check, in the editor's language: each message says what is wrong and
 * what to write instead, in plain words (no validator terms). One catalogue for `npm run content`,
 * `npm run dev` and `npm run build`, so they say the same thing.
 */
export type Language = 'pl' | 'en';

type Params = Record<string, string>;
type Message = (p: Params) => string;

const catalogue = {
  unknownField: {
    pl: (p) => `„${p.field}” nie jest polem tego pliku${p.suggestion ? `: napisz ${p.suggestion}` : ''} (pola: ${p.fields}).`,
    en: (p) => `"${p.field}" is not a field of this file${p.suggestion ? `: write ${p.suggestion}` : ''} (fields: ${p.fields}).`,
  },
  missingField: {
    pl: (p) => `brakuje pola ${p.field}: dopisz je, np. ${p.example}.`,
    en: (p) => `the field ${p.field} is missing: add it, e.g. ${p.example}.`,
  },
  date: {
    pl: (p) => `„${p.value}” to nie data w zapisie strony: napisz ${p.suggestion} (rok-miesiąc-dzień).`,
    en: (p) => `"${p.value}" is not a date as the site writes it: write ${p.suggestion} (year-month-day).`,
  },
  tooShort: {
    pl: (p) => `ma ${p.length} znaków, a potrzeba co najmniej ${p.min}: ${p.hint}`,
    en: (p) => `has ${p.length} characters and needs at least ${p.min}: ${p.hint}`,
  },
  tooLong: {
    pl: (p) => `ma ${p.length} znaków, a może mieć najwyżej ${p.max}: skróć.`,
    en: (p) => `has ${p.length} characters and may have at most ${p.max}: shorten it.`,
  },
  tagLetters: {
    pl: (p) => `tag „${p.tag}” to część adresu strony, więc bez polskich liter, spacji i wielkich liter: napisz ${p.suggestion} (jak się wyświetla, ustala content/tags.json).`,
    en: (p) => `the tag "${p.tag}" is part of a page address, so no accents, spaces or capitals: write ${p.suggestion} (how it reads is set in content/tags.json).`,
  },
  slugLetters: {
    pl: (p) => `„${p.value}” może mieć tylko małe litery bez polskich znaków, cyfry i myślniki: napisz ${p.suggestion}.`,
    en: (p) => `"${p.value}" may have only lowercase letters without accents, digits and hyphens: write ${p.suggestion}.`,
  },
  wrongType: {
    pl: (p) => `powinno być ${p.expected}, a jest „${p.value}”.`,
    en: (p) => `should be ${p.expected}, but is "${p.value}".`,
  },
  listSize: {
    pl: (p) => `lista ma ${p.count} pozycji, a potrzeba ${p.range}.`,
    en: (p) => `the list has ${p.count} entries and needs ${p.range}.`,
  },
  coverMissing: {
    pl: (p) => `nie ma pliku „${p.src}” obok artykułu: połóż obraz w tym folderze (albo w content/media/) i napisz jego ścieżkę, np. ./okladka.jpg.`,
    en: (p) => `there is no file "${p.src}" next to the article: put the picture in this folder (or in content/media/) and write its path, e.g. ./cover.jpg.`,
  },
  coverAlt: {
    pl: () => `okładka nie ma opisu: dopisz alt: „co widać na obrazie” (dla osób, które go nie widzą; co najmniej 5 znaków).`,
    en: () => `the cover has no description: add alt: "what the picture shows" (for people who cannot see it; at least 5 characters).`,
  },
  duplicateSlug: {
    pl: (p) => `ten sam adres co ${p.other} (.md i .mdx o jednej nazwie): zostaw jeden plik albo zmień nazwę drugiego.`,
    en: (p) => `the same address as ${p.other} (a .md and an .mdx with one name): keep one file or rename the other.`,
  },
  duplicateKey: {
    pl: (p) => `translationKey „${p.key}” ma już ${p.other} w tym samym języku: każdy plik ma swój klucz; tłumaczenie dostaje ten sam klucz w drugim języku.`,
    en: (p) => `translationKey "${p.key}" is already used by ${p.other} in the same language: each file has its own key; its translation takes the same key in the other language.`,
  },
  template: {
    pl: (p) => `to nadal tekst szablonu z npm run new („${p.text}”): napisz własny.`,
    en: (p) => `this is still the template text of npm run new ("${p.text}"): write your own.`,
  },
  priceItemUnknown: {
    pl: (p) => `„${p.id}” nie jest pozycją cennika ${p.file}: napisz id jednej z pozycji (${p.ids}).`,
    en: (p) => `"${p.id}" is not an item of the pricing file ${p.file}: write the id of one of its items (${p.ids}).`,
  },
  priceItemTranslation: {
    pl: (p) => `usługa wskazuje pozycję „${p.id}”, a jej tłumaczenie ${p.other} — „${p.otherId}”: jedna usługa ma jedną cenę, wpisz to samo id w obu plikach.`,
    en: (p) => `the service names the item "${p.id}" and its translation ${p.other} names "${p.otherId}": one service has one price, write the same id in both files.`,
  },
  priceItemMissing: {
    pl: (p) => `brakuje pozycji „${p.id}”, którą ma ${p.other}: oba cenniki opisują tę samą ofertę, dodaj ją (z tą samą ceną).`,
    en: (p) => `the item "${p.id}" of ${p.other} is missing: both pricing files describe one offer, add it (with the same price).`,
  },
  priceDisagrees: {
    pl: (p) => `„${p.id}”: ${p.field} = ${p.value}, a w ${p.other} ${p.otherValue}: oba cenniki mają te same liczby, wpisz ${p.otherValue} albo zmień oba pliki.`,
    en: (p) => `"${p.id}": ${p.field} is ${p.value}, and ${p.otherValue} in ${p.other}: both pricing files hold the same figures, write ${p.otherValue} or change both files.`,
  },
  stalePrice: {
    pl: (p) => `cena „${p.quote}” nie występuje w cenniku ${p.file}: napisz aktualną cenę z cennika albo usuń kwotę z tekstu.`,
    en: (p) => `the price "${p.quote}" is not in the pricing file ${p.file}: write the current price from the pricing file, or take the figure out of the text.`,
  },
} satisfies Record<string, Record<Language, Message>>;

export type MessageKey = keyof typeof catalogue;

/** The message in the given language, as a finding's `message`. */
export function say(language: Language, key: MessageKey, params: Params = {}): { message: string } {
  return { message: (catalogue[key][language] as Message)(params) };
}
