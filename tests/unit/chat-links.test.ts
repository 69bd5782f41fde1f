import { describe, expect, it } from 'vitest';
import { safeHref } from '../../src/islands/chat/safe-link';

describe('the chat link rule', () => {
  it('accepts absolute http(s) links and paths on this site', () => {
    for (const target of ['https://example.org/a?b=1#c', 'http://localhost:4321/en/', 'HTTPS://EXAMPLE.ORG', '/', '/en/contact/', '/uslugi/strony-www/?x=1#top', '/a%2F%2Fb']) {
      expect(safeHref(target), target).toBe(target);
    }
  });

  it('refuses scheme-relative and backslash hosts, which browsers read as another site', () => {
    for (const target of ['//evil.example', '//evil.example/path', '/\\evil.example', '\\\\evil.example', '\\/evil.example', '/\t/evil.example', '/\n/evil.example', '/ /evil.example', '/a\\b']) {
      expect(safeHref(target), JSON.stringify(target)).toBeUndefined();
    }
  });

  it('refuses every other scheme and anything that is not a URL or a path', () => {
    for (const target of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\u0000script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:a@example.org',
      'file:///etc/passwd',
      'ftp://example.org',
      'https:evil.example',
      'https:/evil.example',
      'http://',
      'evil.example',
      'en/contact',
      '#top',
      '',
    ]) {
      expect(safeHref(target), JSON.stringify(target)).toBeUndefined();
    }
  });
});
