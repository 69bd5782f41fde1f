/**
 * The checks of `npm run content` on small content trees written for each case, the exit codes of
 * the report, the real content (no errors), and the scaffolding of `npm run new`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkContent, type CheckOptions } from '../../src/editor/content-checks';
import { caseStudies, reportLanguage, runContentReport, tagVocabulary } from '../../src/editor/content-cli';
import { reportWords } from '../../src/editor/messages';
import { parseEntryFile, readContentTree } from '../../src/editor/content-files';
import { newEntry, runNewEntry } from '../../src/editor/new-entry';
import { slugify } from '../../src/editor/slug';
import { loadExampleQuestionFiles } from '../../src/server/ask/example-questions';
import { ArticleFrontmatter, ServiceFrontmatter } from '../../src/server/schemas/content';

const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const description = 'A description long enough for search snippets, between seventy and one hundred sixty characters.';

function article(fields: Record<string, string>, body = 'Text.'): string {
  const front = { title: 'A short title', description, translationKey: 'key', published: '2026-01-10', tags: '[backups]', ...fields };
  return `---\n${Object.entries(front).map(([name, value]) => `${name}: ${value}`).join('\n')}\n---\n${body}\n`;
}

/** A content tree in a temporary folder: paths relative to it and their text. */
function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const options: CheckOptions = { today: '2026-11-23' };

function findings(files: Record<string, string | Buffer>, extra: Partial<CheckOptions> = {}) {
  return checkContent(readContentTree(tree(files)).entries, { ...options, ...extra });
}

const checksOf = (list: ReturnType<typeof findings>) => list.map((finding) => `${finding.level}:${finding.check}:${finding.file}`);

/** Both languages of one article, so only the case under test is reported. */
const pair = (pl: string, en = article({ translationKey: 'key' })) => ({ 'articles/pl/a.md': pl, 'articles/en/a.md': en });

describe('content checks', () => {
  it('reports nothing for a clean pair of translations', () => {
    expect(findings(pair(article({})))).toEqual([]);
  });

  it('warns about an article without its translation', () => {
    const list = findings({ 'articles/pl/a.md': article({}) });
    expect(checksOf(list)).toEqual(['warning:missing-translation:articles/pl/a.md']);
    expect(list[0]!.message).toMatch(/nie ma tłumaczenia \(en: brak pliku articles\/en\//);
  });

  it('finds a broken internal link and names its line; a working one passes', () => {
    const body = 'Intro.\n\nSee [the other](/artykuly/b/) and [missing](/artykuly/nie-ma/).';
    const list = findings({ ...pair(article({}, body)), 'articles/pl/b.md': article({ translationKey: 'b' }), 'articles/en/b.md': article({ translationKey: 'b' }) });
    expect(checksOf(list)).toEqual(['error:broken-link:articles/pl/a.md']);
    expect(list[0]!.line).toBe(10); // 7 lines of front matter, then "Intro.", a blank line, the link
    expect(list[0]!.message).toContain('/artykuly/nie-ma/');
  });

  it('resolves relative links and checks anchors against the target headings', () => {
    const target = article({ translationKey: 'b' }, '## Krok pierwszy\n\nText.');
    const body = '[ok](../b/#krok-pierwszy) [bad](../b/#krok-drugi) [here](#nope)\n\n## Tu';
    const list = findings({ ...pair(article({}, body)), 'articles/pl/b.md': target, 'articles/en/b.md': article({ translationKey: 'b' }) });
    expect(checksOf(list)).toEqual(['error:broken-anchor:articles/pl/a.md', 'error:broken-anchor:articles/pl/a.md']);
  });

  it('refuses a link to a Markdown file, which the site does not serve at that address', () => {
    expect(checksOf(findings(pair(article({}, '[b](./b.md)'))))).toEqual(['error:broken-link:articles/pl/a.md']);
  });

  it('accepts links to the site documents and API, and ignores external links', () => {
    expect(findings(pair(article({}, '[llms](/llms.txt) [api](/api) [ext](https://example.org/x) [mail](mailto:a@b.pl)')))).toEqual([]);
  });

  it('warns about a link to the other language', () => {
    const list = findings(pair(article({}, '[en](/en/articles/a/)')));
    expect(checksOf(list)).toEqual(['warning:other-language-link:articles/pl/a.md']);
  });

  it('notes titles over 70 characters and descriptions outside 70–160 (search snippets; the site shows them whole)', () => {
    const list = findings(pair(article({ title: 'T'.repeat(71), description: 'Short but valid description of thirty plus chars.' })));
    expect(checksOf(list)).toEqual(['note:title-length:articles/pl/a.md', 'note:description-length:articles/pl/a.md']);
  });

  it('warns about an image without alt text and fails on an image that is not there', () => {
    const list = findings({ ...pair(article({}, '![](./pic.png)\n\n![A chart](./gone.png)')), 'articles/pl/pic.png': Buffer.from([0x89, 0x50]) });
    expect(checksOf(list)).toEqual(['warning:image-alt:articles/pl/a.md', 'error:missing-image:articles/pl/a.md']);
  });

  it('finds one tag spelled two ways and points to the commoner spelling', () => {
    const list = findings({
      ...pair(article({ tags: '[kopie-zapasowe]' })),
      'articles/pl/b.md': article({ translationKey: 'b', tags: '[kopiezapasowe]' }),
      'articles/en/b.md': article({ translationKey: 'b', tags: '[kopie-zapasowe]' }),
    });
    expect(checksOf(list)).toEqual(['warning:similar-tags:articles/pl/b.md']);
    expect(list[0]!.message).toContain('napisz „kopie-zapasowe”');
  });

  it('reports tags outside the vocabulary when one is given', () => {
    const list = findings(pair(article({ tags: '[backups, bakups-x]' })), { knownTags: { pl: new Set(['backups']) } });
    expect(checksOf(list)).toEqual(['warning:unknown-tag:articles/pl/a.md']);
  });

  it('refuses a file of example questions whose page /ask does not have, naming the file to write; accepts pages, sections and flows', () => {
    const pricing = `---\ntitle: Cennik\ndescription: ${description}\ntranslationKey: pricing\nsections:\n  - id: websites\n---\nText.\n`;
    const page = `---\ntitle: O nas\ndescription: ${description}\ntranslationKey: about\n---\nText.\n`;
    const draft = article({ translationKey: 'c', draft: 'true' });
    const questions = (query: string) => `questions:\n  - query: ${query}\n    kind: paraphrase\n`;
    const root = tree({
      ...pair(article({})), 'pricing/pl/cennik.md': pricing, 'pages/pl/o-nas.md': page, 'articles/pl/c.md': draft,
      ...Object.fromEntries(
        ['pl/article-a', 'pl/pricing-cennik.websites', 'en/contact', 'pl/page-o-nas', 'en/case-study-bakery', 'pl/article-c', 'pl/article-usuniety', 'pl/pricing-cennik.hosting', 'en/case-study-gone', 'pl/artykul-a']
          .map((name) => [`questions/${name}.yaml`, questions(`a question for ${name}`)]),
      ),
      'questions/pl/consultation.yaml': 'questions:\n  - query: ok\n    kind: paraphrase\n    asked: twice\n',
    });
    const list = checkContent(readContentTree(root).entries, { ...options, questionFiles: loadExampleQuestionFiles(root), caseStudies: [{ locale: 'en', slug: 'bakery' }] })
      .filter((finding) => finding.check.startsWith('question-'));
    expect(list.map((finding) => `${finding.level}:${finding.check}:${finding.file}`)).toEqual([
      'warning:question-page:questions/pl/article-c.yaml',
      'error:question-page:questions/pl/article-usuniety.yaml',
      'error:question-page:questions/pl/artykul-a.yaml',
      'error:question-file:questions/pl/consultation.yaml',
      'error:question-page:questions/pl/pricing-cennik.hosting.yaml',
      'error:question-page:questions/en/case-study-gone.yaml',
    ]);
    const says = Object.fromEntries(list.map((finding) => [finding.file, finding.message]));
    expect(says['questions/pl/article-usuniety.yaml']).toBe('plik jest dla article:pl:usuniety, a takiej strony nie ma (usunięta albo przemianowana): zmień nazwę pliku na article-a albo usuń plik.');
    expect(says['questions/pl/artykul-a.yaml']).toContain('nazwa pliku „artykul-a” nie wskazuje żadnej strony: nazwij plik jak stronę, np. article-a');
    expect(says['questions/pl/pricing-cennik.hosting.yaml']).toContain('zmień nazwę pliku na pricing-cennik.websites');
    expect(says['questions/pl/consultation.yaml']).toContain('asked');
    expect(says['questions/en/case-study-gone.yaml']).toBe('the file is for case_study:en:gone, which is not a page (removed or renamed): rename the file to case-study-bakery or delete it.');
  });

  it('warns about a question written twice in a language, in one file or two, naming the first; the other language may ask it too', () => {
    const page = `---\ntitle: O nas\ndescription: ${description}\ntranslationKey: about\n---\nText.\n`;
    const questions = (...queries: string[]) => `questions:\n${queries.map((query) => `  - query: ${query}\n    kind: paraphrase\n`).join('')}`;
    const root = tree({
      ...pair(article({})), 'pages/pl/o-nas.md': page,
      'questions/pl/article-a.yaml': questions('jak zrobić kopię', 'ile to trwa', 'jak zrobić kopię'),
      'questions/pl/page-o-nas.yaml': questions('kim jesteście', 'Ile  to trwa '),
      'questions/en/article-a.yaml': questions('jak zrobić kopię', 'how long does it take'),
    });
    const list = checkContent(readContentTree(root).entries, { ...options, questionFiles: loadExampleQuestionFiles(root) })
      .filter((finding) => finding.check === 'question-duplicate');
    expect(list.map((finding) => `${finding.level}:${finding.file}: ${finding.message}`)).toEqual([
      'warning:questions/pl/article-a.yaml: pytanie „jak zrobić kopię” (nr 3) już jest w questions/pl/article-a.yaml (nr 1): usuń powtórzenie.',
      'warning:questions/pl/page-o-nas.yaml: pytanie „Ile  to trwa” (nr 2) już jest w questions/pl/article-a.yaml (nr 2): usuń powtórzenie.',
    ]);
  });

  it('notes drafts and warns about articles dated in the future', () => {
    const list = findings(pair(article({ draft: 'true', published: '2027-01-01' })));
    expect(checksOf(list)).toEqual(['note:draft:articles/pl/a.md', 'warning:future-date:articles/pl/a.md']);
  });
});

describe('the check speaks the file\'s language', () => {
  // One tree that trips every check that is not about front matter or prices (those have their own cases).
  const body = [
    '## Intro', '', '[zły](/nie-ma/) [kotwica](#brak) [tam](/artykuly/b/#brak) [plik](b.md) [en](/en/articles/a/)',
    '', '![](./nie-ma.png)',
  ].join('\n');
  const files = {
    'articles/pl/a.md': article({ title: 'T'.repeat(80), description: 'Krótki opis, ale dłuższy niż trzydzieści znaków.', tags: '[kopie-zapasowe]', published: '2027-01-01' }, body),
    'articles/pl/b.md': article({ translationKey: 'b', tags: '[kopiezapasowe, nowy-tag]', draft: 'true' }),
    'articles/en/a.md': article({ translationKey: 'key', tags: '[kopie-zapasowe]' }),
    'articles/en/c.md': article({ translationKey: 'c', tags: '[kopie-zapasowe]' }),
    'questions/pl/article-usuniety.yaml': 'questions:\n  - query: gdzie jest strona\n    kind: paraphrase\n',
    'questions/pl/contact.yaml': 'questions: nie lista\n',
    'questions/pl/consultation.yaml': 'questions:\n  - query: kiedy macie czas\n    kind: paraphrase\n  - query: kiedy macie czas\n    kind: paraphrase\n',
  };
  const run = (language: 'pl' | 'en') => {
    const root = tree(files);
    const list = checkContent(readContentTree(root).entries, { ...options, language, knownTags: { pl: new Set(['kopie-zapasowe', 'kopiezapasowe']), en: new Set(['kopie-zapasowe']) }, questionFiles: loadExampleQuestionFiles(root) });
    // The first message of each check.
    return new Map(list.toReversed().map((finding) => [finding.check, finding.message]));
  };

  it('says every finding in Polish and in English', () => {
    const pl = run('pl');
    const en = run('en');
    const checks = ['broken-link', 'broken-anchor', 'missing-image', 'image-alt', 'other-language-link', 'missing-translation', 'title-length', 'description-length', 'unknown-tag', 'similar-tags', 'draft', 'future-date', 'question-page', 'question-file', 'question-duplicate'];
    expect([...pl.keys()].sort()).toEqual(expect.arrayContaining(checks));
    expect([...en.keys()].sort()).toEqual([...pl.keys()].sort());
    const polish = /[ąćęłńóśźż„]|\b(nie|jest|ma|napisz|podlinkuj|dopisz|plik|strony?)\b/i;
    const english = /\b(the|is|has|write|link|add|file|page)\b/i;
    for (const check of pl.keys()) {
      console.log(`${check}\n  pl: ${pl.get(check)}\n  en: ${en.get(check)}`);
      expect(pl.get(check), check).toMatch(polish);
      expect(pl.get(check), check).not.toMatch(/\b(the|which|has no|write|link the)\b/);
      expect(en.get(check), check).toMatch(english);
      expect(en.get(check), check).not.toMatch(/[ąćęłńśźż„]/);
    }
    expect(pl.get('broken-link')).toContain('link „/nie-ma/” prowadzi do /nie-ma/, a takiej strony nie ma');
    expect(en.get('broken-link')).toContain('the link "/nie-ma/" leads to /nie-ma/, which is not a page of the site');
  });

  it('uses each file\'s own language when none is set', () => {
    const list = checkContent(readContentTree(tree({ 'articles/pl/a.md': article({}), 'articles/en/b.md': article({ translationKey: 'b' }) })).entries, options);
    const says = Object.fromEntries(list.map((finding) => [finding.file, finding.message]));
    expect(says['articles/pl/a.md']).toMatch(/^nie ma tłumaczenia \(en:/);
    expect(says['articles/en/b.md']).toMatch(/^has no Polish translation/);
  });
});

describe('the content report', () => {
  const systemLanguage = (lang: string) => {
    for (const name of ['CONTENT_LANG', 'LC_ALL', 'LC_MESSAGES']) vi.stubEnv(name, '');
    vi.stubEnv('LANG', lang);
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('exits 1 for an error, 0 for warnings only, and prints both languages side by side', () => {
    systemLanguage('C.UTF-8');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(runContentReport([tree({ 'articles/pl/a.md': article({}, '[x](/nie-ma/)') })])).toBe(1);
    expect(runContentReport([tree({ 'articles/pl/a.md': article({ title: 'T'.repeat(80) }) })])).toBe(0);
    const printed = log.mock.calls.map((call) => String(call[0])).join('\n');
    expect(printed).toMatch(/articles\s+key\s+a\s+— missing —/);
    expect(printed).toContain('1 error (these break the site');
  });

  it('speaks the system\'s language in its own lines (LANG=pl_PL.UTF-8), with Polish plural forms', () => {
    systemLanguage('pl_PL.UTF-8');
    expect(reportLanguage()).toBe('pl');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(runContentReport([tree({ 'articles/pl/a.md': article({}, '[x](/nie-ma/) [y](/tez-nie/)') })])).toBe(1);
    const printed = log.mock.calls.map((call) => String(call[0])).join('\n');
    expect(printed).toMatch(/^Treści: 1 plik \(1 po polsku, 0 po angielsku\)/);
    expect(printed).toMatch(/kolekcja\s+translationKey/);
    expect(printed).toMatch(/articles\s+key\s+a\s+— brak —/);
    expect(printed).toContain('2 błędy (psują stronę: popraw je najpierw), 1 ostrzeżenie.');
    expect(reportWords.pl.noErrors(5)).toBe('Bez błędów. 5 ostrzeżeń: warto poprawić, nic nie jest zepsute.');
    expect(reportWords.pl.buildRefused(1)).toMatch(/^treści: 1 błąd w content\//);
    expect(reportWords.pl.buildClean(22, 2)).toBe('treści: 22 pliki, bez błędów, 2 ostrzeżenia (npm run content je wypisuje)');
    // CONTENT_LANG wins over the system's language.
    vi.stubEnv('CONTENT_LANG', 'en');
    expect(reportLanguage()).toBe('en');
  });

  it('finds no error in the site content', () => {
    const { entries, problems } = readContentTree(join(process.cwd(), 'content'));
    expect(problems).toEqual([]);
    const root = join(process.cwd(), 'content');
    const questionFiles = loadExampleQuestionFiles(root);
    const findings = checkContent(entries, { ...options, knownTags: tagVocabulary(root), questionFiles, caseStudies: caseStudies(root) });
    console.log(`content: ${entries.length} pages, ${questionFiles.length} files of example questions (${questionFiles.reduce((sum, file) => sum + file.questions.length, 0)} questions)`);
    expect(findings.filter((finding) => finding.level === 'error')).toEqual([]);
    // Every example question names a page /ask has.
    expect(findings.filter((finding) => finding.check === 'question-page')).toEqual([]);
    // No question is written twice in a language.
    expect(findings.filter((finding) => finding.check === 'question-duplicate')).toEqual([]);
    // Every tag the content uses has its label (content/tags.json).
    expect(findings.filter((finding) => finding.check === 'unknown-tag')).toEqual([]);
  });
});

describe('npm run new', () => {
  it('makes ASCII slugs from Polish titles', () => {
    expect(slugify('Zażółć gęślą jaźń — RODO w 2026!')).toBe('zazolc-gesla-jazn-rodo-w-2026');
    expect(slugify('Łódź, Śląsk i Żywiec')).toBe('lodz-slask-i-zywiec');
  });

  it('writes an article draft, dated today, with a translationKey, that the report refuses until its template text is replaced', () => {
    const root = tree({ 'articles/pl/a.md': article({ tags: '[kopie-zapasowe]' }), 'articles/en/a.md': article({}) });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(runNewEntry(['article', 'pl', 'Wi-Fi', 'w', 'małym', 'biurze'], root, '2026-11-23')).toBe(0);
    const text = readFileSync(join(root, 'articles/pl/wi-fi-w-malym-biurze.md'), 'utf8');
    expect(text).toMatch(/^---\ntitle: Wi-Fi w małym biurze\n/);
    expect(text).toContain('published: 2026-11-23');
    expect(text).toContain('translationKey: wi-fi-w-malym-biurze');
    expect(text).toContain('- kopie-zapasowe');
    expect(ArticleFrontmatter.safeParse(parseEntryFile(text).data).error).toBeUndefined();
    const untouched = checkContent(readContentTree(root).entries, options).filter((finding) => finding.level !== 'note' && finding.check !== 'missing-translation');
    expect(untouched.map((finding) => `${finding.check}:${finding.line}`)).toEqual(['template:3', 'template:12', 'template:16', 'template:20']);
    writeFileSync(join(root, 'articles/pl/wi-fi-w-malym-biurze.md'), text.replace(/^description: .*$/m, `description: ${description}`).replace(/\n---\n[\s\S]*$/, '\n---\nWłasny tekst artykułu.\n'));
    const written = checkContent(readContentTree(root).entries, options).filter((finding) => finding.level !== 'note' && finding.check !== 'missing-translation');
    expect(written).toEqual([]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(runNewEntry(['article', 'pl', 'Wi-Fi w małym biurze'], root, '2026-11-23')).toBe(1);
  });

  it('pairs a translation through --key and refuses bad arguments', () => {
    const created = newEntry({ kind: 'service', locale: 'en', title: 'Wi-Fi set-up', translationKey: 'wifi', today: '2026-11-23' }, []);
    expect(created.file).toBe('services/en/wi-fi-set-up.md');
    expect(created.text).toContain('translationKey: wifi');
    expect(created.url).toBe('/en/services/wi-fi-set-up/');
    expect(ServiceFrontmatter.safeParse(parseEntryFile(created.text).data).error).toBeUndefined();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(runNewEntry(['post', 'pl', 'Title'], tree({}))).toBe(2);
    expect(runNewEntry(['article', 'de', 'Title'], tree({}))).toBe(2);
  });
});
