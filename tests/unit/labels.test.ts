/** Tag labels (kept with the content in content/tags.json), counted nouns and page titles. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentTitle, titleLimit } from '../../src/server/base/page-title';
import { countOf } from '../../src/server/base/plural';
import { tagLabel, unlabelledTags } from '../../src/server/base/tag-labels';

const contentRoot = join(import.meta.dirname, '../../content');

/** Every tag written in the front matter of one language's articles and services. */
function tagsInContent(locale: 'pl' | 'en'): string[] {
  const tags: string[] = [];
  for (const collection of ['articles', 'services']) {
    const folder = join(contentRoot, collection, locale);
    for (const file of readdirSync(folder)) {
      const match = /^tags:\s*\[([^\]]*)\]/m.exec(readFileSync(join(folder, file), 'utf8'));
      if (match) tags.push(...match[1]!.split(',').map((tag) => tag.trim()).filter(Boolean));
    }
  }
  return tags;
}

describe('tag labels', () => {
  it('show Polish letters and proper casing while the slug stays ASCII', () => {
    expect(tagLabel('pl', 'dostepnosc')).toBe('Dostępność');
    expect(tagLabel('pl', 'bezpieczenstwo')).toBe('Bezpieczeństwo');
    expect(tagLabel('pl', 'organizacje-pozarzadowe')).toBe('Organizacje pozarządowe');
    expect(tagLabel('en', 'ngos')).toBe('NGOs');
  });

  it('fall back to the slug in words when a label is missing', () => {
    expect(tagLabel('en', 'open-source')).toBe('Open source');
  });

  it.each(['pl', 'en'] as const)('exist for every tag used in the %s content', (locale) => {
    const used = tagsInContent(locale);
    expect(used.length).toBeGreaterThan(3);
    expect(unlabelledTags(locale, used)).toEqual([]);
  });
});

describe('counted nouns', () => {
  it.each([
    [1, 'pl', '1 znak'], [2, 'pl', '2 znaki'], [4, 'pl', '4 znaki'], [5, 'pl', '5 znaków'], [12, 'pl', '12 znaków'], [22, 'pl', '22 znaki'], [0, 'pl', '0 znaków'],
    [1, 'en', '1 character'], [2, 'en', '2 characters'],
  ] as const)('%i in %s reads "%s"', (count, locale, expected) => {
    const forms = locale === 'pl' ? { one: 'znak', few: 'znaki', many: 'znaków', other: 'znaku' } : { one: 'character', other: 'characters' };
    expect(countOf(locale, count, forms)).toBe(expected);
  });
});

describe('document titles', () => {
  it('keep the brand when it fits', () => {
    expect(documentTitle('Cennik', 'Pracownia Cyfrowa')).toBe('Cennik — Pracownia Cyfrowa');
  });

  it(`keep long titles within ${titleLimit} characters, by their main part first`, () => {
    const title = 'Onboarding i offboarding IT — lista kontrolna na przyjście i odejście pracownika lub wolontariusza';
    expect(documentTitle(title, 'Pracownia Cyfrowa')).toBe('Onboarding i offboarding IT — Pracownia Cyfrowa');
    const long = documentTitle('A very long title without any dash that goes on and on about websites and accessibility', 'Brand');
    expect(long.length).toBeLessThanOrEqual(titleLimit);
    expect(long).toContain('…');
  });
});
