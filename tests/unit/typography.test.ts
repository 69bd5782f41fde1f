/** The pages' typography: no-break spaces after abbreviations and Polish single letters, whole hyphenated words. */
import { describe, expect, it } from 'vitest';
import { typesetHtml, typesetText } from '../../src/server/base/typography';

const NBSP = '\u00a0';

describe('typesetText', () => {
  it('keeps "ul." and a Polish single-letter word with the next word, in both languages where it applies', () => {
    expect(typesetText('ul. Przykładowa 12/4, 00-001 Warszawa', 'pl')).toBe(`ul.${NBSP}Przykładowa 12/4, 00-001 Warszawa`);
    expect(typesetText('ul. Przykładowa 12/4, 00-001 Warsaw, Poland', 'en')).toBe(`ul.${NBSP}Przykładowa 12/4, 00-001 Warsaw, Poland`);
    expect(typesetText('Kawa i w domu, z mlekiem a potem o świcie u nas.', 'pl')).toBe(
      `Kawa i${NBSP}w${NBSP}domu, z${NBSP}mlekiem a${NBSP}potem o${NBSP}świcie u${NBSP}nas.`,
    );
    expect(typesetText('W domu. Z nami, np. tu; tel. 600', 'pl')).toBe(`W${NBSP}domu. Z${NBSP}nami, np.${NBSP}tu; tel.${NBSP}600`);
  });

  it('leaves English single letters, letters inside words and abbreviation look-alikes alone', () => {
    expect(typesetText('a plan I wrote', 'en')).toBe('a plan I wrote');
    expect(typesetText('Pizza z: x', 'pl')).toBe('Pizza z: x');
    expect(typesetText('mapa w', 'pl')).toBe('mapa w');
    expect(typesetText('Seoul. Next', 'en')).toBe('Seoul. Next');
    expect(typesetText('1.5 a.m. i', 'pl')).toBe('1.5 a.m. i');
  });
});

describe('typesetHtml', () => {
  it('keeps an abbreviation with its Polish ending and a postal code whole, in text only', () => {
    expect(typesetHtml('<p>maili i SMS-ów, IT-owy PDF-a e-mail</p>', 'pl')).toBe(
      `<p>maili i${NBSP}<span class="nowrap">SMS-ów</span>, <span class="nowrap">IT-owy</span> <span class="nowrap">PDF-a</span> e-mail</p>`,
    );
    expect(typesetHtml('<p>ul. Przykładowa 12/4, 00-001 Warsaw, co-owner</p>', 'en')).toBe(
      `<p>ul.${NBSP}Przykładowa 12/4, <span class="nowrap">00-001</span> Warsaw, co-owner</p>`,
    );
    expect(typesetHtml('<h1>Backups in a small organisation — the 3-2-1 rule in practice</h1>', 'en')).toBe(
      '<h1>Backups in a small organisation — the <span class="nowrap">3-2-1</span> rule in practice</h1>',
    );
    expect(typesetHtml('<h1>zasada 3-2-1 w praktyce</h1>', 'pl')).toBe(`<h1>zasada <span class="nowrap">3-2-1</span> w${NBSP}praktyce</h1>`);
    // Attributes, URLs, dates and longer numbers stay as they are.
    expect(typesetHtml('<a href="/SMS-ów/" title="SMS-ów i w">x</a>', 'pl')).toBe('<a href="/SMS-ów/" title="SMS-ów i w">x</a>');
    expect(typesetHtml('<p>https://example.com/SMS-ów 2026-11-26 525-000-00-00 000-001</p>', 'pl')).toBe('<p>https://example.com/SMS-ów 2026-11-26 525-000-00-00 000-001</p>');
  });

  it('does not touch scripts, styles, code, the title, SVG or an island (its script renders that markup)', () => {
    const html = [
      '<title>SMS-y i w</title>',
      '<script type="application/ld+json">{"address":"ul. A 1, 00-001 W"}</script>',
      '<style>.a-b { color: red }</style>',
      '<pre><code>w SMS-y</code></pre>',
      '<svg><title>a-b</title><text>i w</text></svg>',
      '<astro-island uid="1"><astro-island uid="2">i w</astro-island><p>SMS-ów</p></astro-island>',
      '<!-- i w SMS-y -->',
    ].join('');
    expect(typesetHtml(html, 'pl')).toBe(html);
    expect(typesetHtml(`${html}<p>i w</p>`, 'pl')).toBe(`${html}<p>i${NBSP}w</p>`);
  });

  it('reads a "<" inside a style or a script as their text, not as a tag that would hide the page after it', () => {
    const head = '<style>@media (width<=63.99rem){.a{b:c}}</style><style>.x{}</style><script>if (a<b) c()</script><script type="module">x<y</script>';
    expect(typesetHtml(`${head}<p>i w</p>`, 'pl')).toBe(`${head}<p>i${NBSP}w</p>`);
  });
});
