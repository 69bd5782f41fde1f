/**
 * `npm run content [-- <content folder> | <file>…]`: reads content/, runs the checks, prints the report;
 * exit 1 only for errors. Given files, the whole tree is checked (links need it) and those files are
 * reported. The build and the dev server run the same checks (src/integrations/content-check.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { locales, type Locale } from '../server/base/i18n';
import { loadExampleQuestionFiles } from '../server/ask/example-questions';
import { checkContent, type Finding } from './content-checks';
import { parseEntryFile, readContentTree, type ContentEntry, type ContentProblem } from './content-files';
import { findingLine, formatReport, problemLine, sortFindings } from './content-report';
import { reportWords, type Language } from './messages';
import { siteToday } from './site-day';

export interface ContentCheck {
  entries: ContentEntry[];
  findings: Finding[];
  problems: ContentProblem[];
}

/** The language of the messages: CONTENT_LANG (pl | en) when set, else each file's own. */
export function contentLanguage(value = process.env.CONTENT_LANG): Language | undefined {
  return value === 'pl' || value === 'en' ? value : undefined;
}

/**
 * The language of the report's own lines (its header, summary and the build's): CONTENT_LANG when set,
 * else the system's (LC_ALL, LC_MESSAGES, LANG: Polish for pl_PL…), else English.
 */
export function reportLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  const system = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return contentLanguage(env.CONTENT_LANG) ?? (/^pl([_.-]|$)/i.test(system) ? 'pl' : 'en');
}

/**
 * Every check over one content tree: what `npm run content`, `npm run dev` and `npm run build` report.
 * `questionFiles` are the tree's files of example questions when the caller has them read already.
 */
export function checkContentTree(root: string, language = contentLanguage(), questionFiles = loadExampleQuestionFiles(root)): ContentCheck {
  const { entries, problems } = readContentTree(root, language);
  const findings = checkContent(entries, { today: siteToday(), knownTags: tagVocabulary(root), questionFiles, language });
  return { entries, findings, problems };
}

/** The errors of a check, every one on its line, for the build's refusal. */
export function errorList({ findings, problems }: ContentCheck): string[] {
  return [
    ...problems.map(problemLine),
    ...sortFindings(findings.filter((finding) => finding.level === 'error')).map(findingLine),
  ];
}

export function runContentReport(argv: string[]): number {
  const files = argv.filter((arg) => /\.mdx?$/.test(arg));
  const folder = argv.find((arg) => !/\.mdx?$/.test(arg));
  const root = resolve(folder ?? 'content');
  const check = checkContentTree(root);
  if (!files.length) {
    console.log(formatReport(check.entries, check.findings, check.problems, reportLanguage()));
    return check.problems.length || check.findings.some((finding) => finding.level === 'error') ? 1 : 0;
  }
  // Named files: each as content/<collection>/<locale>/<slug>.md, from wherever the editor stands.
  const wanted = new Set<string>();
  for (const file of files) {
    const path = resolve(file);
    if (!existsSync(path) || !statSync(path).isFile()) {
      console.error(reportWords[reportLanguage()].noSuchFile(file));
      return 2;
    }
    wanted.add(relative(root, path).split('\\').join('/'));
  }
  const entries = check.entries.filter((entry) => wanted.has(entry.file));
  const outside = [...wanted].filter((file) => !entries.some((entry) => entry.file === file));
  if (outside.length) {
    console.error(reportWords[reportLanguage()].notContent(outside.join(', '), relative(process.cwd(), root) || '.'));
    return 2;
  }
  const findings = check.findings.filter((finding) => wanted.has(finding.file));
  const problems = check.problems.filter((problem) => wanted.has(problem.file));
  console.log(formatReport(entries, findings, problems, reportLanguage()));
  return problems.length || findings.some((finding) => finding.level === 'error') ? 1 : 0;
}

/** The published case studies (content/case-studies/<locale>/<slug>.md), as the example questions name them. */
export function caseStudies(root: string): { locale: Locale; slug: string }[] {
  return locales.flatMap((locale) => {
    const folder = join(root, 'case-studies', locale);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((name) => /\.mdx?$/.test(name) && parseEntryFile(readFileSync(join(folder, name), 'utf8')).data.draft !== true)
      .map((name) => ({ locale, slug: name.replace(/\.mdx?$/, '') }));
  });
}

/** The tags that have a label (content/tags.json: per language, tag → label), when the file exists. */
export function tagVocabulary(root: string): Partial<Record<Locale, ReadonlySet<string>>> | undefined {
  const file = join(root, 'tags.json');
  if (!existsSync(file)) return undefined;
  const labels = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<Locale, Record<string, string>>>;
  return Object.fromEntries(Object.entries(labels).map(([locale, tags]) => [locale, new Set(Object.keys(tags ?? {}))]));
}
