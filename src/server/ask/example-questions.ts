/**
 * The one reader of the example questions: content/questions/<locale>/<page>.yaml, one file per page
 * and language, each a list of the questions visitors ask that the page answers. The file's name says
 * the page (`article-kopie-zapasowe-3-2-1`, `pricing-cennik.websites`, `contact`), its folder the
 * language; the questions carry neither, so a file cannot disagree with itself. One name is reserved:
 * `off-topic`, the questions visitors ask that the site does NOT answer (expected `off-topic:<locale>`):
 * /ask indexes them as neighbours that vote for no page, and they are never a result. The build (the
 * `questions` collection), the content check, the relevance scripts and the tests all read through
 * here, in one order: files by name, questions as written.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { locales, type Locale } from '../base/i18n';
import { askResultTypes } from '../schemas/ask';
import { ExampleQuestion, OFF_TOPIC, PageQuestionsFile } from '../schemas/content';

/** The folder under content/. */
export const QUESTIONS_FOLDER = 'questions';
export const QUESTIONS_EXTENSION = '.yaml';

export interface ExampleQuestionFile {
  /** Path under content/, as the check names files (`questions/pl/contact.yaml`). */
  file: string;
  locale: Locale;
  /** The file's name without the extension. */
  name: string;
  /** The /ask result id the name says, when it says one. */
  expected?: string;
  questions: ExampleQuestion[];
  /** Why the file could not be read (not YAML, or not a list of questions), in the parser's words. */
  problem?: string;
}

// Names without a slug: the two flows, and the questions no page answers.
const flows = ['contact', 'consultation', OFF_TOPIC] as const;
/** Result types whose id has a slug (every content type), with how a file name spells them: `case_study` → `case-study`. */
const typeNames: Record<string, string> = Object.fromEntries(
  askResultTypes.filter((type) => !(flows as readonly string[]).includes(type)).map((type) => [type, type.replace(/_/g, '-')]),
);

/** The file name (no extension) of a result id's questions: `pricing:pl:cennik#websites` → `pricing-cennik.websites`. */
export function questionFileName(expected: string): string {
  const [type, , rest = ''] = expected.split(':');
  if ((flows as readonly string[]).includes(type!)) return type!;
  const [slug, section] = rest.split('#');
  return `${typeNames[type!]}-${slug}${section ? `.${section}` : ''}`;
}

/** The result id a file name in a locale's folder says, or undefined when it says none. */
export function questionFilePage(locale: Locale, name: string): string | undefined {
  if ((flows as readonly string[]).includes(name)) return `${name}:${locale}`;
  for (const [type, spelled] of Object.entries(typeNames)) {
    if (!name.startsWith(`${spelled}-`)) continue;
    const [slug, section, extra] = name.slice(spelled.length + 1).split('.');
    if (extra !== undefined || (section !== undefined && type !== 'pricing')) return undefined;
    const id = `${type}:${locale}:${slug}${section ? `#${section}` : ''}`;
    return ExampleQuestion.shape.expected.safeParse(id).success ? id : undefined;
  }
  return undefined;
}

/** Every file of content/questions/, in name order per language, with its questions (none when unreadable). */
export function loadExampleQuestionFiles(contentDir: string): ExampleQuestionFile[] {
  return locales.flatMap((locale) => {
    const folder = join(contentDir, QUESTIONS_FOLDER, locale);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((entry) => entry.endsWith(QUESTIONS_EXTENSION))
      .sort()
      .map((entry) => {
        const name = entry.slice(0, -QUESTIONS_EXTENSION.length);
        const expected = questionFilePage(locale, name);
        const file = `${QUESTIONS_FOLDER}/${locale}/${entry}`;
        let data: unknown;
        try {
          data = parse(readFileSync(join(folder, entry), 'utf8'));
        } catch (error) {
          return { file, locale, name, expected, questions: [], problem: (error as Error).message.split('\n')[0]! };
        }
        const parsed = PageQuestionsFile.safeParse(data);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          return { file, locale, name, expected, questions: [], problem: `${issue.path.join('.') || 'questions'}: ${issue.message}` };
        }
        const questions = expected ? parsed.data.questions.map((question) => ({ ...question, locale, expected })) : [];
        return { file, locale, name, expected, questions };
      });
  });
}

/** The example questions of every readable file whose name says a page or `off-topic`: what /ask indexes. */
export function loadExampleQuestions(contentDir: string): ExampleQuestion[] {
  return loadExampleQuestionFiles(contentDir).flatMap((file) => file.questions);
}
