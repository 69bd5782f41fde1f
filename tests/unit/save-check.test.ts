/**
 * The check of a form-editor save before it is written: Keystatic's update body decoded, the would-be
 * files checked with the rest of the repository's content/ (which is only read), their errors listed
 * in the editor's language, warnings and what needs a second save let through.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeUpdate, editorLanguage, refusalNotice, saveErrors, saveRefusal, type ContentUpdate } from '../../src/editor/save-check';

const root = join(import.meta.dirname, '../..');

/** An article as the editor writes it, with `tags` and a body of our choosing. */
function article(tags: string, body: string): string {
  return [
    '---',
    'title: Sieć Wi-Fi w małym biurze',
    'description: Jak ustawić sieć Wi-Fi w biurze fundacji, żeby goście nie widzieli plików zespołu, a drukarka działała.',
    'translationKey: wifi-w-biurze',
    'published: 2026-11-02',
    'draft: true',
    `tags: ${tags}`,
    '---',
    body,
    '',
  ].join('\n');
}

const update = (path: string, text: string): ContentUpdate => ({ additions: [{ path, contents: new TextEncoder().encode(text) }], deletions: [] });

/** Every file under content/ with its modification time, to prove the check wrote nothing there. */
function snapshot(folder = join(root, 'content')): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort().map((name) => `${name}@${statSync(join(folder, name)).mtimeMs}`);
}

describe('decoding the editor\'s save', () => {
  it('reads Keystatic\'s body: paths and base64 contents (either alphabet, as its handler does), deletions', () => {
    // Bytes whose base64 has "+" and "/" (the editor's) or "-" and "_" (url-safe).
    const text = 'Zażółć gęślą jaźń ???>>> ~~~';
    for (const contents of [Buffer.from(text).toString('base64'), Buffer.from(text).toString('base64url')]) {
      const body = JSON.stringify({ additions: [{ path: 'content/articles/pl/a.md', contents }], deletions: [{ path: 'content/articles/pl/b.md' }] });
      const decoded = decodeUpdate(body)!;
      expect(new TextDecoder().decode(decoded.additions[0]!.contents)).toBe(text);
      expect(decoded.additions[0]!.path).toBe('content/articles/pl/a.md');
      expect(decoded.deletions).toEqual([{ path: 'content/articles/pl/b.md' }]);
    }
    expect(Buffer.from(text).toString('base64')).toMatch(/[+/]/);
    expect(Buffer.from(text).toString('base64url')).toMatch(/[-_]/);
  });

  it('leaves to Keystatic what is no save of content files', () => {
    for (const body of [
      'not json',
      '[]',
      JSON.stringify({ additions: [] }),
      JSON.stringify({ additions: [{ path: 'content/../package.json', contents: '' }], deletions: [] }),
      JSON.stringify({ additions: [{ path: 'src/pages/index.astro', contents: '' }], deletions: [] }),
      JSON.stringify({ additions: [{ path: 'content/articles/pl/a.md', contents: 'not base64!' }], deletions: [] }),
      JSON.stringify({ additions: [], deletions: [{ path: '/etc/passwd' }] }),
    ]) expect(decodeUpdate(body), body).toBeUndefined();
  });

  it('speaks the browser\'s language: Polish for pl, English otherwise', () => {
    expect(editorLanguage('pl-PL,pl;q=0.9,en;q=0.8')).toBe('pl');
    expect(editorLanguage('en-GB,pl;q=0.5')).toBe('en');
    expect(editorLanguage(null)).toBe('en');
  });
});

describe('checking a save before it is written', () => {
  it('refuses a tag that is no address and a link to no page, in Polish, and writes nothing in content/', () => {
    const before = snapshot();
    const errors = saveErrors(root, update('content/articles/pl/siec-wifi.md', article('[Sieć]', 'Zobacz [cennik](/cenik/).')), 'pl');
    expect(snapshot()).toEqual(before);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^articles\/pl\/siec-wifi\.md:7: tags\[1\]: tag „Sieć” .*napisz siec/);
    expect(errors[1]).toMatch(/^articles\/pl\/siec-wifi\.md:9: link „\/cenik\/” prowadzi do \/cenik\/, a takiej strony nie ma/);
    const notice = refusalNotice(errors, 'pl');
    expect(notice.split('\n')[0]).toBe('Nie zapisano: sprawdzenie treści znalazło 2 błędy, z którymi witryny nie da się zbudować. Popraw i zapisz ponownie.');
    expect(notice.split('\n').slice(1)).toEqual(errors.map((error) => `• ${error}`));
  });

  it('says the same in English for an English browser', () => {
    const errors = saveErrors(root, update('content/articles/pl/siec-wifi.md', article('[Sieć]', 'Text.')), 'en');
    expect(errors).toEqual([expect.stringMatching(/^articles\/pl\/siec-wifi\.md:7: tags\[1\]: the tag "Sieć" .*write siec/)]);
    expect(refusalNotice(errors, 'en').split('\n')[0]).toBe('Not saved: the content check found 1 error the site cannot be built with. Fix them and save again.');
  });

  it('refuses a cover without alt and a picture that is not there', () => {
    const text = article('[bezpieczenstwo]', 'Tekst.').replace('draft: true\n', 'draft: true\ncover:\n  src: ./nie-ma.png\n');
    const errors = saveErrors(root, update('content/articles/pl/siec-wifi.md', text), 'pl');
    expect(errors).toEqual([
      expect.stringMatching(/^articles\/pl\/siec-wifi\.md:7: cover\.alt: okładka nie ma opisu: dopisz alt:/),
      expect.stringMatching(/^articles\/pl\/siec-wifi\.md:8: cover\.src: nie ma pliku „\.\/nie-ma\.png” obok tego pliku/),
    ]);
  });

  it('answers the request: a notice in the browser\'s language, nothing for a correct save or a body it cannot read', () => {
    const body = (text: string) => JSON.stringify({ additions: [{ path: 'content/articles/pl/siec-wifi.md', contents: Buffer.from(text).toString('base64') }], deletions: [] });
    expect(saveRefusal(root, body(article('[Sieć]', 'Tekst.')), 'pl-PL,pl;q=0.9')).toMatch(/^Nie zapisano: .*\n• articles\/pl\/siec-wifi\.md:7: tags\[1\]: /);
    expect(saveRefusal(root, body(article('[Sieć]', 'Tekst.')), 'en-US')).toMatch(/^Not saved: /);
    expect(saveRefusal(root, body(article('[bezpieczenstwo]', 'Tekst.')), 'pl')).toBeUndefined();
    expect(saveRefusal(root, '{"additions":', 'pl')).toBeUndefined();
  });

  it('lets a correct entry through, and one with warnings only (a tag without a label)', () => {
    expect(saveErrors(root, update('content/articles/pl/siec-wifi.md', article('[bezpieczenstwo]', 'Tekst o sieci.')), 'pl')).toEqual([]);
    expect(saveErrors(root, update('content/articles/pl/siec-wifi.md', article('[siec]', 'Tekst o sieci.')), 'pl')).toEqual([]);
  });

  it('lets through an article without a cover as the editor writes it (cover: {})', () => {
    const file = 'content/articles/pl/mfa-i-menedzer-hasel.md';
    const text = readFileSync(join(root, file), 'utf8').replace(/^(tags: .*)$/m, '$1\ncover: {}');
    expect(text).toMatch(/^cover: \{\}$/m);
    expect(saveErrors(root, update(file, text), 'pl')).toEqual([]);
  });

  it('lets through what needs a second save: a price changed in one pricing file, a page removed that another names', () => {
    for (const file of ['content/pricing/pl/cennik.md', 'content/pricing/en/pricing.md']) {
      const text = readFileSync(join(root, file), 'utf8').replace(/(consultation:[\s\S]*?priceNet: )0\n/, '$149.5\n');
      expect(text).toMatch(/priceNet: 49\.5\n/);
      // The build refuses the pair until both are saved, in either order …
      expect(saveErrors(root, update(file, text), 'pl')).toEqual([]);
    }
    // … and a deletion writes no file of its own: what it breaks elsewhere is the preview banner's.
    expect(saveErrors(root, { additions: [], deletions: [{ path: 'content/services/pl/obsluga-it.md' }] }, 'pl')).toEqual([]);
  });

  it('refuses an error in the file being saved, whatever the other files hold', () => {
    const file = 'content/articles/pl/kopie-zapasowe-3-2-1.md';
    const text = readFileSync(join(root, file), 'utf8');
    expect(saveErrors(root, update(file, text), 'pl')).toEqual([]);
    expect(saveErrors(root, update(file, text.replace('tags: [bezpieczenstwo, chmura]', 'tags: [Chmura]')), 'pl')).toHaveLength(1);
  });
});
