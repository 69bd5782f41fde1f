/**
 * The three shapes of an admin listing: a table for people (the default), `--json` (an array of
 * objects, each with its `id`) and `--csv` (RFC 4180: a header row, fields quoted where needed).
 */
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

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The rows in the chosen shape; `columns` orders (and limits) the table's and the CSV's columns. */
export function formatRows(rows: Row[], format: OutputFormat, columns: string[] = rows[0] ? Object.keys(rows[0]) : ['id']): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  if (format === 'csv') {
    return [columns, ...rows.map((row) => columns.map((column) => text(row[column])))].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
  }
  if (!rows.length) return '(none)\n';
  const cells = rows.map((row) => columns.map((column) => text(row[column]).replace(/\s+/g, ' ')));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((line) => line[index]!.length)));
  const line = (values: string[]) => values.map((value, index) => value.padEnd(widths[index]!)).join('  ').trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n') + '\n';
}
