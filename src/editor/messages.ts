/**
 * The words of the content check, in the editor's language: each message says what is wrong and
 * what to write instead, in plain words (no validator terms). One catalogue for `npm run content`,
 * `npm run dev` and `npm run build`, so they say the same thing.
 */
export type Language = 'pl' | 'en';

type Params = Record<string, string>;

/** A language named inside a sentence. */
const inEnglish: Record<Language, string> = { pl: 'Polish', en: 'English' };
const inPolish: Record<Language, string> = { pl: 'po polsku', en: 'po angielsku' };
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
  dateTwoWays: {
    pl: (p) => `„${p.value}” to nie data w zapisie strony i czyta się na dwa sposoby: napisz ${p.dayFirst} (${p.dayFirstWords}) albo ${p.monthFirst} (${p.monthFirstWords}); rok-miesiąc-dzień.`,
    en: (p) => `"${p.value}" is not a date as the site writes it, and it reads two ways: write ${p.dayFirst} (${p.dayFirstWords}) or ${p.monthFirst} (${p.monthFirstWords}); year-month-day.`,
  },
  dateUnreadable: {
    pl: (p) => `„${p.value}” to nie data w zapisie strony: napisz ją jako rok-miesiąc-dzień, cyframi z myślnikami (RRRR-MM-DD, np. dzień z kalendarza: 2026-03-24).`,
    en: (p) => `"${p.value}" is not a date as the site writes it: write it as year-month-day in digits with hyphens (YYYY-MM-DD, a day of the calendar, e.g. 2026-03-24).`,
  },
  misplacedField: {
    pl: (p) => `„${p.field}” stoi na początku linii, a należy do ${p.parent}: wetnij ${p.field}: tak jak ${p.sibling}: (${p.indent} spacje pod ${p.parent}:).`,
    en: (p) => `"${p.field}" starts at the beginning of the line, but it belongs to ${p.parent}: indent ${p.field}: like ${p.sibling}: (${p.indent} spaces under ${p.parent}:).`,
  },
  indentedTooFar: {
    pl: (p) => `brakuje pola ${p.field}, a ${p.parent} ma wcięte pole ${p.field}: to pole całego pliku, napisz ${p.field}: na początku linii, bez wcięcia.`,
    en: (p) => `the field ${p.field} is missing, and ${p.parent} has an indented ${p.field}: it is a field of the whole file, write ${p.field}: at the start of the line, not indented.`,
  },
  missingPicture: {
    pl: (p) => `nie ma pliku „${p.src}” obok tego pliku: połóż obraz w tym folderze (albo w content/media/) i napisz jego ścieżkę, np. ./obraz.png.`,
    en: (p) => `there is no file "${p.src}" next to this file: put the picture in this folder (or in content/media/) and write its path, e.g. ./picture.png.`,
  },
  unknownReference: {
    pl: (p) => `„${p.key}” nie jest translationKey żadnej opublikowanej strony (${p.folder}/${p.locale}/): napisz jeden z nich (${p.keys}).`,
    en: (p) => `"${p.key}" is not the translationKey of any published page (${p.folder}/${p.locale}/): write one of them (${p.keys}).`,
  },
  yamlTab: {
    pl: () => `linia zaczyna się tabulatorem: nagłówek wcina się tylko spacjami; zamień tabulator na dwie spacje.`,
    en: () => `the line starts with a tab: front matter is indented with spaces only; replace the tab with two spaces.`,
  },
  yamlIndent: {
    pl: () => `wcięcie tej linii nie pasuje do linii wokół: pola jednego poziomu zaczynają się w tej samej kolumnie (pole całego pliku bez wcięcia, pole np. cover: o dwie spacje dalej).`,
    en: () => `this line's indent does not match the lines around it: fields of one level start in the same column (a field of the whole file at the line's start, a field of e.g. cover: two spaces further in).`,
  },
  yamlDeeper: {
    pl: () => `następna linia jest wcięta głębiej niż ta, choć ta ma już wartość: wyrównaj jej wcięcie do tej linii (albo przenieś wartość do następnej).`,
    en: () => `the next line is indented further than this one, though this one already has a value: align its indent with this line (or move the value down).`,
  },
  yamlColon: {
    pl: (p) => `wartość zawiera dwukropek ze spacją, który YAML czyta jak nowe pole: ujmij całą wartość w cudzysłów, np. ${p.example}.`,
    en: (p) => `the value has a colon followed by a space, which YAML reads as a new field: put the whole value in quotes, e.g. ${p.example}.`,
  },
  yamlSpace: {
    pl: (p) => `po dwukropku brakuje spacji: napisz ${p.example}.`,
    en: (p) => `a space is missing after the colon: write ${p.example}.`,
  },
  yamlQuote: {
    pl: (p) => `cudzysłów otwarty w tej linii nie jest zamknięty: dopisz ${p.quote} na końcu wartości.`,
    en: (p) => `the quote opened on this line is not closed: add ${p.quote} at the end of the value.`,
  },
  yamlAfterQuote: {
    pl: () => `wartość ciągnie się za zamykającym cudzysłowem: ujmij całą wartość w cudzysłów innego rodzaju (np. '…"tak"…') albo napisz ją bez cudzysłowów.`,
    en: () => `the value goes on after its closing quote: put the whole value in the other kind of quotes (e.g. '…"yes"…') or write it without quotes.`,
  },
  yamlStart: {
    pl: (p) => `wartość nie może zaczynać się znakiem ${p.char}: ujmij ją w cudzysłów, np. ${p.example}.`,
    en: (p) => `a value cannot start with ${p.char}: put it in quotes, e.g. ${p.example}.`,
  },
  yamlList: {
    pl: () => `lista otwarta nawiasem [ nie jest zamknięta w tej linii: dopisz ] na końcu.`,
    en: () => `the list opened with [ is not closed on its line: add ] at the end.`,
  },
  yamlDuplicate: {
    pl: (p) => `pole ${p.field} jest wpisane drugi raz: zostaw jedno.`,
    en: (p) => `the field ${p.field} is written a second time: keep one.`,
  },
  yamlOther: {
    pl: () => `tej linii nagłówka nie da się odczytać: sprawdź wcięcie (spacje, nie tabulatory), dwukropek ze spacją po nazwie pola i cudzysłowy.`,
    en: () => `this line of the front matter cannot be read: check its indent (spaces, not tabs), the colon and space after the field's name, and the quotes.`,
  },
  outsideLanguage: {
    pl: () => `leży poza folderem pl/ albo en/, więc nie należy do żadnego języka i nie jest budowany.`,
    en: () => `lies outside a pl/ or en/ folder, so it belongs to no language and is not built.`,
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
  priceOfItem: {
    pl: (p) => `„${p.quote}”: ${p.name} kosztuje ${p.price} (${p.file}): napisz ${p.price}${p.other ? ` (${p.quoteFigure} to cena pozycji ${p.other})` : ''}.`,
    en: (p) => `"${p.quote}": ${p.name} costs ${p.price} (${p.file}): write ${p.price}${p.other ? ` (${p.quoteFigure} is the price of ${p.other})` : ''}.`,
  },
  grossOfNet: {
    pl: (p) => `„${p.quote}”: ${p.net} z VAT ${p.rate}% to ${p.gross}: napisz ${p.gross}.`,
    en: (p) => `"${p.quote}": ${p.net} with ${p.rate}% VAT is ${p.gross}: write ${p.gross}.`,
  },
  stalePrice: {
    pl: (p) => `cena „${p.quote}” nie występuje w cenniku ${p.file}: napisz aktualną cenę z cennika albo usuń kwotę z tekstu.`,
    en: (p) => `the price "${p.quote}" is not in the pricing file ${p.file}: write the current price from the pricing file, or take the figure out of the text.`,
  },
  imageAlt: {
    pl: (p) => `obraz „${p.url}” nie ma tekstu alternatywnego: napisz w ![…], co przedstawia, dla osób, które go nie widzą.`,
    en: (p) => `the image "${p.url}" has no alt text: write what it shows inside ![…], for people who cannot see it.`,
  },
  missingImage: {
    pl: (p) => `obrazu „${p.url}” nie ma obok tego pliku: budowa strony by się nie udała; połóż plik w tym folderze albo popraw ścieżkę.`,
    en: (p) => `the image "${p.url}" does not exist next to this file: the build would fail; put the file in this folder or correct the path.`,
  },
  anchorHere: {
    pl: (p) => `link „${p.url}” prowadzi do nagłówka, którego ta strona nie ma (nagłówki tutaj: ${p.anchors || 'żadnych'}).`,
    en: (p) => `the link "${p.url}" points to a heading this page does not have (headings here: ${p.anchors || 'none'}).`,
  },
  anchorThere: {
    pl: (p) => `link „${p.url}” prowadzi do nagłówka, którego ${p.path} nie ma: napisz adres jednego z jej nagłówków albo usuń #….`,
    en: (p) => `the link "${p.url}" points to a heading ${p.path} does not have: write one of its headings or drop the #….`,
  },
  markdownLink: {
    pl: (p) => `link „${p.url}” prowadzi do pliku Markdown: podlinkuj adres strony, np. ${p.example}.`,
    en: (p) => `the link "${p.url}" points to a Markdown file: link the page's address instead, e.g. ${p.example}.`,
  },
  brokenLink: {
    pl: (p) => `link „${p.url}” prowadzi do ${p.path}, a takiej strony nie ma (albo to szkic): napisz adres istniejącej strony.`,
    en: (p) => `the link "${p.url}" leads to ${p.path}, which is not a page of the site (or is a draft): write the address of a page that exists.`,
  },
  otherLanguageLink: {
    pl: (p) => `link „${p.url}” prowadzi do strony w drugim języku (${p.locale}): podlinkuj stronę w języku tego pliku (${p.own}) albo napisz w tekście, że jest ${inPolish[p.locale as Language]}.`,
    en: (p) => `the link "${p.url}" leads to a page in the other language (${p.locale}): link the ${p.own} page, or say in the text that it is in ${inEnglish[p.locale as Language]}.`,
  },
  missingTranslation: {
    pl: (p) => `nie ma tłumaczenia (${p.other}: brak pliku ${p.collection}/${p.other}/ z translationKey „${p.key}”): przełącznik języka prowadzi na stronę główną w drugim języku.`,
    en: (p) => `has no ${inEnglish[p.other as Language]} translation (no ${p.collection}/${p.other}/ file with translationKey "${p.key}"): the language switch leads to the other home page.`,
  },
  titleLength: {
    pl: (p) => `tytuł ma ${p.length} znaków; wyniki wyszukiwania ucinają go po ok. ${p.max} (strona pokazuje całość: skróć go przy następnej edycji).`,
    en: (p) => `the title has ${p.length} characters; search results cut it after about ${p.max} (the site shows it whole: shorten it when you next edit the page).`,
  },
  descriptionLong: {
    pl: (p) => `opis ma ${p.length} znaków; wyszukiwarki pokazują ${p.min}–${p.max}, więc koniec zostanie tam ucięty (llms.txt i /ask używają całości).`,
    en: (p) => `the description has ${p.length} characters; search snippets show ${p.min}–${p.max}, so the end is cut there (llms.txt and /ask use it whole).`,
  },
  descriptionShort: {
    pl: (p) => `opis ma ${p.length} znaków; wyszukiwarki pokazują ${p.min}–${p.max}, więc wygląda ubogo: dopisz zdanie o tym, co strona daje.`,
    en: (p) => `the description has ${p.length} characters; search snippets show ${p.min}–${p.max}, so it looks thin: add a sentence on what the page gives.`,
  },
  unknownTag: {
    pl: (p) => `tag „${p.tag}” nie ma jeszcze etykiety: dopisz go w content/tags.json (${p.locale}), żeby wyświetlał się z polskimi literami i wielkością liter.`,
    en: (p) => `the tag "${p.tag}" has no label yet: add it to content/tags.json (${p.locale}) so it shows with proper letters and casing.`,
  },
  similarTags: {
    pl: (p) => `tagi „${p.rarer}” i „${p.commoner}” wyglądają na jeden tag zapisany na dwa sposoby: napisz „${p.commoner}” (użyty ${p.count}×).`,
    en: (p) => `the tags "${p.rarer}" and "${p.commoner}" look like one tag spelled two ways: use "${p.commoner}" (used ${p.count}×).`,
  },
  draft: {
    pl: () => 'to szkic: nie trafia nigdzie (na stronę, do llms.txt, /ask ani narzędzi MCP), dopóki nie usuniesz `draft: true`.',
    en: () => 'is a draft: it is built nowhere (not on the site, in llms.txt, /ask or the MCP tools) until you remove `draft: true`.',
  },
  futureDate: {
    pl: (p) => `ma datę ${p.day}, późniejszą niż dziś (${p.today}): zostanie opublikowany przy najbliższej budowie strony, z datą z przyszłości.`,
    en: (p) => `is dated ${p.day}, after today (${p.today}): it is published as soon as the site is built, with a date in the future.`,
  },
  questionFile: {
    pl: (p) => `nie da się odczytać pytań (${p.problem}): plik to lista „questions:”, każde pytanie z polem query (oraz kind i added), jak w innych plikach tego folderu.`,
    en: (p) => `the questions cannot be read (${p.problem}): the file is a list "questions:", each with a query (and kind and added), as the other files of this folder.`,
  },
  questionName: {
    pl: (p) => `nazwa pliku „${p.name}” nie wskazuje żadnej strony: nazwij plik jak stronę, np. ${p.suggestion} (rodzaj-adres: article-…, service-…, page-…, case-study-…, pricing-…, contact, consultation; off-topic: pytania, na które strona nie odpowiada).`,
    en: (p) => `the file name "${p.name}" names no page: name it after the page, e.g. ${p.suggestion} (kind-address: article-…, service-…, page-…, case-study-…, pricing-…, contact, consultation; off-topic: questions the site does not answer).`,
  },
  questionPage: {
    pl: (p) => `plik jest dla ${p.page}, a takiej strony nie ma (usunięta albo przemianowana): zmień nazwę pliku na ${p.suggestion} albo usuń plik.`,
    en: (p) => `the file is for ${p.page}, which is not a page (removed or renamed): rename the file to ${p.suggestion} or delete it.`,
  },
  questionDraft: {
    pl: (p) => `${p.page} to szkic: /ask pomija te pytania, dopóki strona nie zostanie opublikowana.`,
    en: (p) => `${p.page} is a draft: /ask leaves these questions out until the page is published.`,
  },
  questionDuplicate: {
    pl: (p) => `pytanie „${p.query}” (nr ${p.number}) już jest w ${p.other} (nr ${p.otherNumber}): usuń powtórzenie.`,
    en: (p) => `the question "${p.query}" (no. ${p.number}) is already in ${p.other} (no. ${p.otherNumber}): delete the repetition.`,
  },
} satisfies Record<string, Record<Language, Message>>;

export type MessageKey = keyof typeof catalogue;

/** The message in the given language, as a finding's `message`. */
export function say(language: Language, key: MessageKey, params: Params = {}): { message: string } {
  return { message: (catalogue[key][language] as Message)(params) };
}

/** Polish counted nouns: one, few (2–4, 22–24…), many. */
const plural = new Intl.PluralRules('pl');
function countPl(count: number, one: string, few: string, many: string): string {
  const form = plural.select(count);
  return `${count} ${form === 'one' ? one : form === 'few' ? few : many}`;
}
const countEn = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The report's own words around the findings: its header, table and summary, and the build's lines. */
export const reportWords = {
  pl: {
    header: (files: number, pl: number, en: number) => `Treści: ${countPl(files, 'plik', 'pliki', 'plików')} (${pl} po polsku, ${en} po angielsku)`,
    collection: 'kolekcja',
    missing: '— brak —',
    draft: '(szkic)',
    withErrors: (errors: number, warnings: number) => `${countPl(errors, 'błąd', 'błędy', 'błędów')} (psują stronę: popraw je najpierw), ${countPl(warnings, 'ostrzeżenie', 'ostrzeżenia', 'ostrzeżeń')}.`,
    noErrors: (warnings: number) => `Bez błędów. ${countPl(warnings, 'ostrzeżenie', 'ostrzeżenia', 'ostrzeżeń')}${warnings ? ': warto poprawić, nic nie jest zepsute' : ''}.`,
    buildClean: (files: number, warnings: number) => `treści: ${countPl(files, 'plik', 'pliki', 'plików')}, bez błędów, ${countPl(warnings, 'ostrzeżenie', 'ostrzeżenia', 'ostrzeżeń')} (npm run content je wypisuje)`,
    buildRefused: (errors: number) => `treści: ${countPl(errors, 'błąd', 'błędy', 'błędów')} w content/ — popraw i uruchom ponownie (npm run content pokazuje cały raport):`,
    noSuchFile: (file: string) => `${file}: nie ma takiego pliku.`,
    notContent: (files: string, folder: string) => `${files}: to nie plik treści w ${folder}/<kolekcja>/<pl|en>/.`,
    previewRefused: (errors: number) => `Podgląd: ${countPl(errors, 'błąd', 'błędy', 'błędów')} w treściach. Do poprawki strona może pokazywać poprzednią wersję pliku albo jej nie być, a witryny nie da się zbudować.`,
    previewLeftOut: (file: string, pictures: string[]) => `${file}: strony nie ma w podglądzie, dopóki nie ma obrazu ${pictures.join(', ')}`,
    saveRefused: (errors: number) => `Nie zapisano: sprawdzenie treści znalazło ${countPl(errors, 'błąd', 'błędy', 'błędów')}, z którymi witryny nie da się zbudować. Popraw i zapisz ponownie.`,
    previewChecked: (errors: number) => (errors ? `treści sprawdzone po zapisie: ${countPl(errors, 'błąd', 'błędy', 'błędów')}:` : 'treści sprawdzone po zapisie: bez błędów'),
  },
  en: {
    header: (files: number, pl: number, en: number) => `Content: ${countEn(files, 'file')} (${pl} Polish, ${en} English)`,
    collection: 'collection',
    missing: '— missing —',
    draft: '(draft)',
    withErrors: (errors: number, warnings: number) => `${countEn(errors, 'error')} (these break the site: fix them first), ${countEn(warnings, 'warning')}.`,
    noErrors: (warnings: number) => `No errors. ${countEn(warnings, 'warning')}${warnings ? ': worth fixing, nothing is broken' : ''}.`,
    buildClean: (files: number, warnings: number) => `content: ${countEn(files, 'file')}, no errors, ${countEn(warnings, 'warning')} (npm run content lists them)`,
    buildRefused: (errors: number) => `content: ${countEn(errors, 'error')} in content/ — fix them and run again (npm run content shows the whole report):`,
    noSuchFile: (file: string) => `${file}: no such file.`,
    notContent: (files: string, folder: string) => `${files}: not a content file under ${folder}/<collection>/<pl|en>/.`,
    previewRefused: (errors: number) => `Preview: ${countEn(errors, 'error')} in the content. Until fixed, a page may show the previous version of its file or be missing, and the site will not build.`,
    previewLeftOut: (file: string, pictures: string[]) => `${file}: its page is left out of the preview until the picture ${pictures.join(', ')} exists`,
    saveRefused: (errors: number) => `Not saved: the content check found ${countEn(errors, 'error')} the site cannot be built with. Fix them and save again.`,
    previewChecked: (errors: number) => (errors ? `content checked after a save: ${countEn(errors, 'error')}:` : 'content checked after a save: no errors'),
  },
} satisfies Record<Language, unknown>;
