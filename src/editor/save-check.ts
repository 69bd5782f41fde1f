/**
 * The content check of a form-editor save, before anything is written: the files the save would
 * write (and delete) are laid over a scratch copy of content/, the whole tree is checked there as
 * `npm run content` checks it, and the errors the save would bring are returned, in the editor's
 * language. The repository's content/ is only read. Warnings and notes never refuse a save.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadExampleQuestionFiles, QUESTIONS_FOLDER, type ExampleQuestionFile } from '../server/ask/example-questions';
import { checkContentTree, type ContentCheck } from './content-cli';
import type { Finding } from './content-checks';
import type { ContentProblem } from './content-files';
import { findingLine, problemLine, sortFindings } from './content-report';
import { reportWords, type Language } from './messages';

/** A save as the editor sends it in local mode: files to write (their bytes) and files to delete, from the project root. */
export interface ContentUpdate {
  additions: { path: string; contents: Uint8Array }[];
  deletions: { path: string }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A path the check may lay over its scratch copy: under content/, no `.`/`..` or empty segment, no backslash. */
const contentPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('content/') && !path.includes('\\') && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/** The file's bytes as Keystatic's handler reads them: base64, in either alphabet (`+/` as the editor sends, or `-_`). */
function base64Bytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

/**
 * The body of Keystatic's `POST /api/keystatic/update` (`{ additions: [{ path, contents }], deletions:
 * [{ path }] }`, contents in base64), when it is one whose paths are all content files; anything else
 * is undefined and left to Keystatic, which refuses what it cannot read.
 */
export function decodeUpdate(body: string): ContentUpdate | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isRecord(json) || !Array.isArray(json.additions) || !Array.isArray(json.deletions)) return undefined;
  const additions: ContentUpdate['additions'] = [];
  for (const addition of json.additions as unknown[]) {
    if (!isRecord(addition) || !contentPath(addition.path) || typeof addition.contents !== 'string') return undefined;
    const contents = base64Bytes(addition.contents);
    if (!contents) return undefined;
    additions.push({ path: addition.path, contents });
  }
  const deletions: ContentUpdate['deletions'] = [];
  for (const deletion of json.deletions as unknown[]) {
    if (!isRecord(deletion) || !contentPath(deletion.path)) return undefined;
    deletions.push({ path: deletion.path });
  }
  return { additions, deletions };
}

/** The language the editor speaks (keystatic.config.ts: Polish in a Polish browser), from the request's Accept-Language. */
export function editorLanguage(acceptLanguage: string | null | undefined): Language {
  return /^\s*pl\b/i.test(acceptLanguage ?? '') ? 'pl' : 'en';
}

/** What the check found that refuses a save: errors and unreadable files, each on its line without the level label. */
function errorsOf(check: ContentCheck): { key: string; file: string; line: string }[] {
  const unlabelled = (line: string) => line.replace(/^ERROR\s+/, '');
  const problems = check.problems.map((problem: ContentProblem) => ({ key: `${problem.file}\n${problem.field}\n${problem.message}`, file: problem.file, line: unlabelled(problemLine(problem)) }));
  const findings = sortFindings(check.findings.filter((finding) => finding.level === 'error')).map((finding: Finding) => ({
    // Without the line: a save that moves lines of another file does not make its old errors new.
    key: `${finding.file}\n${finding.check}\n${finding.field}\n${finding.message}`,
    file: finding.file,
    line: unlabelled(findingLine(finding)),
  }));
  return [...problems, ...findings];
}

let questionsRead: { key: string; files: ExampleQuestionFile[] } | undefined;

/**
 * The example questions of content/ (about 40 000 lines of YAML, most of a check's time), read again
 * only when a file of them changed since the last save.
 */
function exampleQuestions(content: string): ExampleQuestionFile[] {
  const folder = join(content, QUESTIONS_FOLDER);
  const names = existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort() : [];
  const key = names.map((name) => `${name}:${statSync(join(folder, name)).mtimeMs}`).join('\n');
  if (questionsRead?.key !== key) questionsRead = { key, files: loadExampleQuestionFiles(content) };
  return questionsRead.files;
}

/**
 * The errors a save would bring, each as `file:line: field: what to write`: every error of a file it
 * writes, and any new error of another file (a link to a page the save removes or renames). An empty
 * list lets the save through. `projectRoot` holds content/; the paths of `update` are relative to it.
 */
export function saveErrors(projectRoot: string, update: ContentUpdate, language: Language): string[] {
  if (!update.additions.length && !update.deletions.length) return [];
  const scratch = mkdtempSync(join(tmpdir(), 'content-save-'));
  try {
    const content = join(scratch, 'content');
    cpSync(join(projectRoot, 'content'), content, { recursive: true });
    for (const { path } of update.deletions) rmSync(join(scratch, path), { force: true, recursive: true });
    for (const { path, contents } of update.additions) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), contents);
    }
    const written = new Set(update.additions.map(({ path }) => path.slice('content/'.length)));
    const questions = exampleQuestions(join(projectRoot, 'content'));
    const touchesQuestions = [...update.additions, ...update.deletions].some(({ path }) => path.startsWith(`content/${QUESTIONS_FOLDER}/`));
    const after = errorsOf(checkContentTree(content, language, touchesQuestions ? undefined : questions));
    // The tree as it is now is checked only when another file has errors: were they there already?
    const elsewhere = after.filter(({ file }) => !written.has(file));
    const before = elsewhere.length ? new Set(errorsOf(checkContentTree(join(projectRoot, 'content'), language, questions)).map(({ key }) => key)) : new Set<string>();
    return after.filter(({ key, file }) => written.has(file) || !before.has(key)).map(({ line }) => line);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The editor's notice for a refused save: what happened, then one error a line. */
export function saveRefusal(errors: readonly string[], language: Language): string {
  return [reportWords[language].saveRefused(errors.length), ...errors.map((error) => `• ${error}`)].join('\n');
}
