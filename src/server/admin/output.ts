/**
 * The three shapes of an admin listing: a table for people (the default), `--json` (an array of
 * objects, each with its `id`) and `--csv` (RFC 4180: a header row, fields quoted where needed).
 * Much of what is listed was typed by visitors: the table shows it without terminal controls, the
 * CSV with formulas made text (both below), JSON escapes controls itself.
 */
import { stripVTControlCharacters } from 'node:util';

export type OutputFormat = 'table' | 'json' | 'csv';

export type Row = { id: string } & Record<string, string | number | boolean | null | undefined>;

/** Takes `--json` or `--csv` out of the arguments; the rest stay for the command. */
export function outputFormat(args: string[]): { format: OutputFormat; rest: string[] } {
  const json = args.includes('--json');
  const csv = args.includes('--csv');
  if (json && csv) throw new Error('Choose one of --json and --csv.');
  return { format: json ? 'json' : csv ? 'csv' : 'table', rest: args.filter((arg) => arg !== '--json' && arg !== '--csv') };
}

const text = (value: Row[string]) => (value === null || value === undefined ? '' : String(value));

/**
 * Text as a terminal should show it: escape sequences (colours, clearing the screen, OSC 8 links,
 * title changes) removed whole, then every other control character but newline and tab (a carriage
 * return could overwrite a line; C1 codes act as escapes in some terminals) and the bidirectional
 * overrides that reorder what is shown.
 */
export function terminalText(value: string): string {
  return stripVTControlCharacters(value).replace(/\r\n/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g, '');
}

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection": starting with =, +, - or @,
 * also after blanks or in their full-width forms, or with a tab or carriage return) is given a
 * leading apostrophe, which makes it text. Numbers and booleans are ours, and stay as they are.
 */
export function csvCell(value: Row[string]): string {
  const cell = text(value);
  const formula = typeof value === 'string' && /^(?:[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r])/.test(cell);
  const safe = formula ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows in the chosen shape; `columns` orders (and limits) the table's and the CSV's columns. */
export function formatRows(rows: Row[], format: OutputFormat, columns: string[] = rows[0] ? Object.keys(rows[0]) : ['id']): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  if (format === 'csv') {
    return [columns.map(csvCell), ...rows.map((row) => columns.map((column) => csvCell(row[column])))].map((line) => line.join(',')).join('\r\n') + '\r\n';
  }
  if (!rows.length) return '(none)\n';
  const cells = rows.map((row) => columns.map((column) => terminalText(text(row[column])).replace(/\s+/g, ' ')));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((line) => line[index]!.length)));
  const line = (values: string[]) => values.map((value, index) => value.padEnd(widths[index]!)).join('  ').trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n') + '\n';
}
