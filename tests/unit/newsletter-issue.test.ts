/** A newsletter issue file: what its front matter must hold, and what the Markdown may not smuggle into the HTML. */
import { describe, expect, it } from 'vitest';
import { IssueError, parseIssue } from '../../src/server/newsletter/issue';

const file = (front: string, body = 'Hello.') => `---\n${front}\n---\n${body}`;

describe('parseIssue', () => {
  it('reads subject and locale, renders the body to HTML and to text, and hashes the whole file', () => {
    const issue = parseIssue(file('subject: "Grudzień: kopie zapasowe"\nlocale: pl', '# Tytuł\n\nZobacz [poradnik](https://example.org/a/) i https://example.org/b/.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'));
    expect(issue).toMatchObject({ subject: 'Grudzień: kopie zapasowe', locale: 'pl' });
    expect(issue.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(issue.html).toContain('<h1>Tytuł</h1>');
    expect(issue.html).toContain('<a href="https://example.org/a/">poradnik</a>');
    expect(issue.html).toContain('<table>');
    expect(issue.text).toContain('Zobacz poradnik (https://example.org/a/) i https://example.org/b/.');
    expect(parseIssue(file('subject: "Grudzień: kopie zapasowe"\nlocale: pl', '# Tytuł!')).hash).not.toBe(issue.hash);
  });

  it('escapes raw HTML and drops javascript: links', () => {
    const { html } = parseIssue(file('subject: X\nlocale: en', '<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))'));
    expect(html).not.toMatch(/<img|<script|javascript:/i);
    expect(html).toContain('&lt;img');
  });

  it.each([
    ['no front matter', 'Hello.'],
    ['a missing locale', file('subject: X')],
    ['a locale the site does not have', file('subject: X\nlocale: de')],
    ['an empty subject', file('subject: ""\nlocale: pl')],
    ['a subject on two lines', file('subject: "a\\nBcc: x@example.net"\nlocale: pl')],
    ['front matter that is not YAML', file('subject: [\nlocale: pl')],
    ['no body', file('subject: X\nlocale: pl', '   \n')],
  ])('refuses %s with a message for the author', (_case, source) => {
    expect(() => parseIssue(source)).toThrow(IssueError);
  });
});
