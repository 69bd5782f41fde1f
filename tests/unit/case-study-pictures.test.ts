/**
 * Each case study heads its page with a picture of the work (`npm run case-pictures`): a WebP of
 * 1280×720, the 16:9 of the case cards, small enough to keep the repository light, and alt text that
 * says, in the case's language, that it is a mock-up (the clients are examples).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const folder = (locale: string) => join(process.cwd(), 'content/case-studies', locale);
const honest = { pl: /^Poglądowa makieta, nie zrzut prawdziwej strony: /, en: /^Illustrative mock-up, not a screenshot of the real (site|page): / };

describe.each(['pl', 'en'] as const)('the case studies\' pictures (%s)', (locale) => {
  const files = readdirSync(folder(locale)).filter((name) => name.endsWith('.md'));

  it.each(files)('%s is headed by its mock-up: WebP, 1280×720, at most 80 KB, alt saying it is a mock-up', async (file) => {
    const frontMatter = parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(join(folder(locale), file), 'utf8'))![1]!) as { images: { src: string; alt: string }[] };
    const [first] = frontMatter.images;
    expect(first!.src).toBe(`./${file.replace(/\.md$/, '')}.webp`);
    expect(first!.alt).toMatch(honest[locale]);
    const path = join(folder(locale), first!.src);
    expect(statSync(path).size).toBeLessThanOrEqual(80 * 1024);
    const metadata = await sharp(path).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1280, height: 720 });
  });
});
