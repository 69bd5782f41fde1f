/**
 * Front matter YAML cannot read, in the editor's words: the line of the file (not of the front matter),
 * the field on it, and the likely cause (a tab, an indent, a colon or a quote) with what to write.
 * YAML's own error text is never shown: it is in English and speaks of "implicit keys" and "scalars".
 */
import { parseDocument, type YAMLError } from 'yaml';
import { say, type Language } from './messages';

export interface FrontMatterMistake { line: number; field?: string; message: string }

const keyOf = (line: string) => /^\s*(?:-\s+)?([\p{L}\p{N}_-]+)\s*:/u.exec(line)?.[1];
const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].length;

/** The field a line belongs to: its own key, after the keys of the lines it is indented under (`cover.alt`). */
function fieldAt(lines: string[], index: number): string | undefined {
  const own = keyOf(lines[index] ?? '');
  if (!own) return undefined;
  const path = [own];
  let indent = indentOf(lines[index]!);
  for (let at = index - 1; at >= 0 && indent > 0; at--) {
    const line = lines[at]!;
    if (!line.trim() || indentOf(line) >= indent) continue;
    indent = indentOf(line);
    const key = keyOf(line);
    if (key) path.unshift(key);
  }
  return path.join('.');
}

/** `title: Kopie: jak` as `title: "Kopie: jak"`, for the example in the message. */
function quoted(line: string): string {
  const match = /^\s*(?:-\s+)?([^:]+):\s*(.*)$/.exec(line);
  return match ? `${match[1]}: "${match[2]!.replace(/"/g, "'")}"` : line.trim();
}

function explain(error: YAMLError, lines: string[], language: Language): { index: number; message: { message: string } } {
  let index = (error.linePos?.[0].line ?? 1) - 1;
  const line = lines[index] ?? '';
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return { index, message: say(language, 'yamlTab') };
    case 'MISSING_CHAR': {
      const quote = /"/.test(error.message) && !/'/.test(error.message.split('\n')[0]!) ? '"' : "'";
      // YAML notices the missing quote at the end of the front matter: name the line that opened it.
      for (let at = index; at >= 0; at--) {
        const opened = lines[at]!.replace(/^[^:]*:\s*/, '');
        if (opened.startsWith(quote) && (opened.split(quote).length - 1) % 2 === 1) {
          index = at;
          break;
        }
      }
      return { index, message: say(language, 'yamlQuote', { quote }) };
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      const value = line.replace(/^\s*(?:-\s+)?[^:]*:/, '');
      if (/^\S/.test(value)) return { index, message: say(language, 'yamlSpace', { example: line.trim().replace(/:(?=\S)/, ': ') }) };
      if (/:\s/.test(value)) return { index, message: say(language, 'yamlColon', { example: quoted(line) }) };
      return { index, message: say(language, 'yamlDeeper') };
    }
    case 'BAD_INDENT':
      if (/flow/i.test(error.message)) {
        for (let at = index; at >= 0; at--) if (lines[at]!.includes('[')) return { index: at, message: say(language, 'yamlList') };
      }
      return { index, message: say(language, 'yamlIndent') };
    case 'UNEXPECTED_TOKEN':
      if (/:\s*["']/.test(line)) return { index, message: say(language, 'yamlAfterQuote') };
      return { index, message: say(language, 'yamlOther') };
    case 'BAD_SCALAR_START': {
      const char = /character (\S)/.exec(error.message)?.[1] ?? '`';
      return { index, message: say(language, 'yamlStart', { char, example: quoted(line) }) };
    }
    case 'DUPLICATE_KEY':
      return { index, message: say(language, 'yamlDuplicate', { field: keyOf(line) ?? '' }) };
    default:
      return { index, message: say(language, 'yamlOther') };
  }
}

/**
 * The front matter's data, or its first mistake. `firstLine` is the file's line of the front matter's
 * first line, so the mistake is reported where the editor sees it.
 */
export function readFrontMatter(text: string, firstLine: number, language: Language): { data: unknown } | { mistake: FrontMatterMistake } {
  const document = parseDocument(text);
  const [error] = document.errors;
  if (!error) return { data: document.toJS() };
  const lines = text.split(/\r?\n/);
  const { index, message } = explain(error, lines, language);
  const field = fieldAt(lines, index);
  return { mistake: { line: index + firstLine, ...(field ? { field } : {}), ...message } };
}
