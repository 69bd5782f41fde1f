/**
 * The text of `npm run content`: first every page with its two languages side by side, then what to
 * fix, errors first, each with the file (and line) and a sentence saying what to do.
 */
import type { ContentEntry, ContentProblem } from './content-files';
import type { Finding } from './content-checks';
import { reportWords, type Language } from './messages';

const levelLabel = { error: 'ERROR', warning: 'warning', note: 'note' } as const;
const LABEL_WIDTH = 8;

function pad(text: string, width: number): string {
  const length = [...text].length;
  return length >= width ? `${[...text].slice(0, width - 1).join('')}…` : text + ' '.repeat(width - length);
}

/** One row per translationKey and collection: the Polish file and the English file, or a gap. */
export function pairsTable(entries: ContentEntry[], language: Language): string {
  const words = reportWords[language];
  const rows = new Map<string, { collection: string; key: string; pl?: ContentEntry; en?: ContentEntry }>();
  for (const entry of entries) {
    const key = String(entry.data.translationKey ?? entry.slug);
    const id = `${entry.collection}:${key}`;
    const row = rows.get(id) ?? { collection: entry.collection, key };
    row[entry.locale] = entry;
    rows.set(id, row);
  }
  const cell = (entry?: ContentEntry) => (entry ? `${entry.slug}${entry.data.draft === true ? ` ${words.draft}` : ''}` : words.missing);
  const lines = [`${pad(words.collection, 13)} ${pad('translationKey', 28)} ${pad('pl', 36)} en`];
  for (const row of [...rows.values()].sort((a, b) => a.collection.localeCompare(b.collection) || a.key.localeCompare(b.key))) {
    lines.push(`${pad(row.collection, 13)} ${pad(row.key, 28)} ${pad(cell(row.pl), 36)} ${cell(row.en)}`);
  }
  return lines.join('\n');
}

/** One line per finding: level, file:line, field, and the message (what is wrong, what to write). */
export function findingLine(finding: Finding): string {
  return `${pad(levelLabel[finding.level], LABEL_WIDTH)} ${finding.file}${finding.line ? `:${finding.line}` : ''}: ${finding.field ? `${finding.field}: ` : ''}${finding.message}`;
}

/** A file that cannot be read as an entry: file:line, field, what is wrong. */
export function problemLine(problem: ContentProblem): string {
  return `${pad(levelLabel.error, LABEL_WIDTH)} ${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.field ? `${problem.field}: ` : ''}${problem.message}`;
}

/** Errors first, then warnings and notes, by file and line. */
export function sortFindings(findings: Finding[]): Finding[] {
  const order = { error: 0, warning: 1, note: 2 };
  return [...findings].sort((a, b) => order[a.level] - order[b.level] || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

export function formatReport(entries: ContentEntry[], findings: Finding[], problems: ContentProblem[], language: Language): string {
  const words = reportWords[language];
  const errors = findings.filter((finding) => finding.level === 'error').length + problems.length;
  const warnings = findings.filter((finding) => finding.level === 'warning').length;
  const sorted = sortFindings(findings);
  const out = [words.header(entries.length, entries.filter((entry) => entry.locale === 'pl').length, entries.filter((entry) => entry.locale === 'en').length), '', pairsTable(entries, language), ''];
  for (const problem of problems) out.push(problemLine(problem));
  for (const finding of sorted) out.push(findingLine(finding));
  out.push('');
  out.push(errors ? words.withErrors(errors, warnings) : words.noErrors(warnings));
  return out.join('\n');
}
