/**
 * The backups article writes its 3-2-1 infographic as HTML for the page; the catalog's body, which
 * the Markdown twins, llms-full.txt and /ask read, holds it as Markdown text instead of tags.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogFromFiles } from '../../src/server/catalog/from-files';

describe('an infographic in the text of an article', () => {
  it('reaches the catalog as Markdown: the caption in bold, a line per card', async () => {
    const catalog = await catalogFromFiles(join(process.cwd(), 'content'), { siteUrl: 'http://localhost:4321' });
    const body = (locale: string, slug: string) => catalog.records.find((record) => record.type === 'article' && record.locale === locale && record.slug === slug)!.body;
    expect(body('pl', 'kopie-zapasowe-3-2-1')).toContain('**Zasada 3-2-1: trzy kopie danych, na dwóch różnych nośnikach, w tym jedna poza biurem**\n\n- **3 kopie**: oryginał + 2 kopie zapasowe\n- **2 różne nośniki**: np. dysk NAS i chmura\n- **1 kopia poza biurem**: chroni przed pożarem i ransomware\n');
    expect(body('en', 'backups-3-2-1')).toContain('- **1 copy off site**: protects against fire and ransomware\n');
    for (const [locale, slug] of [['pl', 'kopie-zapasowe-3-2-1'], ['en', 'backups-3-2-1']]) expect(body(locale!, slug!)).not.toMatch(/<\/?(figure|ol|li|strong|figcaption)\b/);
  });
});
