/**
 * The words of `npm run content -- --ask` and `npm run ask:draft`, in the editor's language (the
 * content report's: CONTENT_LANG, else the system's), as plain as the content check's own.
 */
import type { Language } from './messages';

const quoted = (language: Language, text: string) => (language === 'pl' ? `„${text}”` : `"${text}"`);

export const askWords = {
  pl: {
    quote: (text: string) => quoted('pl', text),
    page: (id: string, title: string, file: string) => `/ask i ${file || id} (${id}, ${quoted('pl', title)})`,
    examples: (count: number, questionsFile: string) =>
      count ? `pytania przykładowe: ${count} (${questionsFile})` : `brak pytań przykładowych (${questionsFile}): /ask zastępuje je własnymi słowami strony`,
    probesHeading: 'Własne słowa strony zadane jako pytania (miejsce tej strony; pierwsza odpowiedź):',
    rank: (rank: number) => (rank ? `${rank}.` : '—'),
    firstIs: (id: string) => `pierwsza: ${id}`,
    winsHeading: (asked: number, neighbours: string) => `Pytania sąsiednich stron, które ta strona teraz przejmuje (zadano ${asked} pytań stron: ${neighbours}):`,
    win: (query: string, page: string, wasFirst: boolean) => `${quoted('pl', query)}: pytanie strony ${page}${wasFirst ? ', wcześniej ona była pierwsza' : ', wcześniej też nie była pierwsza'}`,
    noWins: (asked: number, neighbours: string) => `Nie przejmuje żadnego z ${asked} pytań sąsiednich stron (${neighbours}).`,
    noNeighbours: 'Nie ma sąsiednich stron z pytaniami przykładowymi.',
    unreached: (draft: string) =>
      `ostrzeżenie: żadne pytanie własnymi słowami strony nie prowadzi do niej jako pierwszej odpowiedzi, więc pytania odwiedzających też nie poprowadzą. Dopisz pytania przykładowe (szkic: ${draft}) albo zmień tytuł i opis tak, żeby mówiły, czym strona różni się od sąsiednich.`,
    reached: 'Strona jest pierwszą odpowiedzią na co najmniej jedno pytanie własnymi słowami.',
    notAPage: (file: string) => `${file}: /ask nie odpowiada taką stroną (tylko artykuły, usługi, realizacje, strony i cennik w content/<kolekcja>/<pl|en>/).`,
    nothingNew: 'Każda strona ma pytania przykładowe: podaj plik, żeby zobaczyć, jak /ask ją znajduje (npm run content -- --ask content/articles/pl/plik.md).',
    draftWritten: (file: string, count: number, how: string) => `Zapisano szkic: ${file} (${count} pytań, ${how}). Przejrzyj go: usuń pytania, których odwiedzający by nie zadali, dopisz własne; plik zostaw albo usuń.`,
    ownWordsOnly: 'To tylko własne słowa strony: póki strona nie ma pliku pytań, /ask i tak ich używa (z dużą wagą), więc sam ten plik stronie nie pomoże. Dopisz pytania słowami odwiedzających i sprawdź: npm run content -- --ask <plik strony>.',
    draftExists: (file: string) => `${file} już istnieje i nie zostanie nadpisany. Nowe pytania ze szkicu poniżej: przenieś do pliku te, które chcesz zachować.`,
    draftNothingNew: (file: string) => `${file} już istnieje i ma wszystkie pytania szkicu: nic do dodania.`,
    byModel: (model: string) => `napisany przez model ${model}`,
    byHeadings: 'z tytułu, opisu, searchTerms i nagłówków strony (bez modelu)',
    modelFailed: (reason: string) => `Model nie odpowiedział (${reason}): szkic z tytułu, opisu i nagłówków strony.`,
    draftUsage: 'Użycie: npm run ask:draft -- content/<kolekcja>/<pl|en>/<plik>.md [--print]',
  },
  en: {
    quote: (text: string) => quoted('en', text),
    page: (id: string, title: string, file: string) => `/ask and ${file || id} (${id}, ${quoted('en', title)})`,
    examples: (count: number, questionsFile: string) =>
      count ? `example questions: ${count} (${questionsFile})` : `no example questions (${questionsFile}): /ask stands in the page's own words for them`,
    probesHeading: "The page's own words asked as questions (this page's rank; the first answer):",
    rank: (rank: number) => (rank ? `${rank}.` : '—'),
    firstIs: (id: string) => `first: ${id}`,
    winsHeading: (asked: number, neighbours: string) => `Questions of neighbouring pages this page now wins (${asked} asked, of: ${neighbours}):`,
    win: (query: string, page: string, wasFirst: boolean) => `${quoted('en', query)}: a question of ${page}${wasFirst ? ', which was first before' : ', which was not first before either'}`,
    noWins: (asked: number, neighbours: string) => `It wins none of the ${asked} questions of its neighbours (${neighbours}).`,
    noNeighbours: 'No neighbouring page has example questions.',
    unreached: (draft: string) =>
      `warning: no question in the page's own words leads to it as the first answer, so visitors' questions will not either. Write example questions (a draft: ${draft}) or change the title and description to say how the page differs from its neighbours.`,
    reached: 'The page is the first answer to at least one question in its own words.',
    notAPage: (file: string) => `${file}: /ask answers with no such page (only articles, services, case studies, pages and pricing under content/<collection>/<pl|en>/).`,
    nothingNew: 'Every page has example questions: name a file to see how /ask finds it (npm run content -- --ask content/articles/en/file.md).',
    draftWritten: (file: string, count: number, how: string) => `Draft written: ${file} (${count} questions, ${how}). Read it: delete what visitors would not ask, add your own; keep the file or delete it.`,
    ownWordsOnly: "These are only the page's own words: while the page has no questions file /ask uses them anyway (weighted heavily), so this file alone does not help the page. Add questions in visitors' words and check: npm run content -- --ask <page file>.",
    draftExists: (file: string) => `${file} exists and is not overwritten. The draft's new questions are below: move the ones you keep into the file.`,
    draftNothingNew: (file: string) => `${file} exists and already holds every question of the draft: nothing to add.`,
    byModel: (model: string) => `written by the model ${model}`,
    byHeadings: "from the page's title, description, searchTerms and headings (no model)",
    modelFailed: (reason: string) => `The model did not answer (${reason}): a draft from the page's title, description and headings.`,
    draftUsage: 'Usage: npm run ask:draft -- content/<collection>/<pl|en>/<file>.md [--print]',
  },
} satisfies Record<Language, unknown>;
