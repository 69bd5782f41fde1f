/** `npm run content`: reads content/, runs the checks, prints the report; exit 1 only for errors. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locale } from '../server/i18n';
import { exampleQuestionEntries } from '../server/schemas/content';
import { checkContent } from './content-checks';
import { readContentTree } from './content-files';
import { formatReport } from './content-report';
import { siteToday } from './site-day';

export function runContentReport(argv: string[]): number {
  const root = resolve(argv[0] ?? 'content');
  const { entries, problems } = readContentTree(root);
  const findings = checkContent(entries, { today: siteToday(), knownTags: tagVocabulary(root), exampleQuestions: exampleQuestions(root) });
  console.log(formatReport(entries, findings, problems));
  return problems.length || findings.some((finding) => finding.level === 'error') ? 1 : 0;
}

/** The example questions /ask indexes (content/questions.json), when the file exists. */
export function exampleQuestions(root: string): { query: string; expected: string }[] | undefined {
  const file = join(root, 'questions.json');
  if (!existsSync(file)) return undefined;
  return exampleQuestionEntries(readFileSync(file, 'utf8'));
}

/** The tags that have a label (content/tags.json: per language, tag → label), when the file exists. */
export function tagVocabulary(root: string): Partial<Record<Locale, ReadonlySet<string>>> | undefined {
  const file = join(root, 'tags.json');
  if (!existsSync(file)) return undefined;
  const labels = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<Locale, Record<string, string>>>;
  return Object.fromEntries(Object.entries(labels).map(([locale, tags]) => [locale, new Set(Object.keys(tags ?? {}))]));
}
