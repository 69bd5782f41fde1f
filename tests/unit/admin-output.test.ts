import { describe, expect, it } from 'vitest';
import { csvCell, formatRows, terminalText } from '../../src/server/admin/output';

describe('csvCell', () => {
  it('makes text of every cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('  =1+1')).toBe("'  =1+1");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r\n=1')).toBe(`"'\r\n=1"`);
    expect(csvCell('\tplain')).toBe("'\tplain");
    expect(csvCell('\uff1d1+1')).toBe("'\uff1d1+1");
  });

  it('leaves other text, numbers and booleans as they are', () => {
    expect(csvCell('Anna = Nowak')).toBe('Anna = Nowak');
    expect(csvCell('a@example.org')).toBe('a@example.org');
    expect(csvCell('2026-12-07T04:00:00.000Z')).toBe('2026-12-07T04:00:00.000Z');
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
  });
});

describe('terminalText', () => {
  it('removes escape sequences whole and every other control character but newline and tab', () => {
    expect(terminalText('\x1b[2J\x1b]8;;http://evil\x07click\x1b]8;;\x07')).toBe('click');
    expect(terminalText('a\x1b]0;title\x1b\\b')).toBe('ab');
    expect(terminalText('red\x9b31m\x85 text\x00\x7f')).toBe('red text');
    expect(terminalText('one\r\ntwo\rthree\tfour')).toBe('one\ntwothree\tfour');
    expect(terminalText('\u202eevil\u202c')).toBe('evil');
  });

  it('is what the table shows', () => {
    const table = formatRows([{ id: '1', name: '\x1b[31mAnna\x1b[0m\nNowak' }], 'table');
    expect(table).toBe('id  name\n--  ----------\n1   Anna Nowak\n');
  });
});
