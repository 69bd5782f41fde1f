/**
 * The content check of a form-editor save, before anything is written: the files the save would
 * write (and delete) are laid over a scratch copy of content/, the whole tree is checked there as
 * `npm run content` checks it, and the errors of the files the save writes are returned, in the
 * editor's language. The repository's content/ is only read. Warnings and notes never refuse a save.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadExampleQuestionFiles, QUESTIONS_FOLDER, type ExampleQuestionFile } from '../server/ask/example-questions';
import { checkContentTree, type ContentCheck } from './content-cli';
import type { CheckId } from './content-checks';
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

/**
 * Checks that compare two files, which the editor saves one at a time: the two pricing files' figures.
 * Either file saved first disagrees with the other until both are saved, so these never refuse a save;
 * the preview's banner and the build say what is left to do.
 */
const pairChecks: ReadonlySet<CheckId> = new Set(['price-translation']);

/** The errors of the given files that refuse a save, each on its line without the level label. */
function errorsIn(check: ContentCheck, files: ReadonlySet<string>): string[] {
  const unlabelled = (line: string) => line.replace(/^ERROR\s+/, '');
  return [
    ...check.problems.filter((problem) => files.has(problem.file)).map((problem) => unlabelled(problemLine(problem))),
    ...sortFindings(check.findings.filter((finding) => finding.level === 'error' && files.has(finding.file) && !pairChecks.has(finding.check))).map((finding) => unlabelled(findingLine(finding))),
  ];
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
 * The errors of the files a save writes, each as `file:line: field: what to write`, checked with the
 * rest of content/ as it would be after the save. An empty list lets the save through. Errors the save
 * brings to other files (links to a page it renames, sentences quoting a price it changes) do not stop
 * it: fixing them takes saving those files, which may need this save first; the preview's banner lists
 * them. `projectRoot` holds content/; the paths of `update` are relative to it.
 */
export function saveErrors(projectRoot: string, update: ContentUpdate, language: Language): string[] {
  if (!update.additions.length) return [];
  const scratch = mkdtempSync(join(tmpdir(), 'content-save-'));
  try {
    const content = join(scratch, 'content');
    cpSync(join(projectRoot, 'content'), content, { recursive: true });
    for (const { path } of update.deletions) rmSync(join(scratch, path), { force: true, recursive: true });
    for (const { path, contents } of update.additions) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), contents);
    }
    const touchesQuestions = [...update.additions, ...update.deletions].some(({ path }) => path.startsWith(`content/${QUESTIONS_FOLDER}/`));
    const check = checkContentTree(content, language, touchesQuestions ? undefined : exampleQuestions(join(projectRoot, 'content')));
    return errorsIn(check, new Set(update.additions.map(({ path }) => path.slice('content/'.length))));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The editor's notice for a refused save: what happened, then one error a line. */
export function refusalNotice(errors: readonly string[], language: Language): string {
  return [reportWords[language].saveRefused(errors.length), ...errors.map((error) => `• ${error}`)].join('\n');
}

/**
 * The notice refusing an editor's save (the body of Keystatic's update request, the browser's
 * Accept-Language), or undefined to let it through. A failure of the check itself is printed and lets
 * the save through: the editor stays usable, and the build checks again.
 */
export function saveRefusal(projectRoot: string, body: string, acceptLanguage: string | null): string | undefined {
  const update = decodeUpdate(body);
  if (!update) return undefined;
  const language = editorLanguage(acceptLanguage);
  try {
    const errors = saveErrors(projectRoot, update, language);
    return errors.length ? refusalNotice(errors, language) : undefined;
  } catch (error) {
    console.error('form editor: the content check of a save failed, the save goes through unchecked:', error);
    return undefined;
  }
}
