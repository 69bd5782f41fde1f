/**
 * Each case study heads its page with a picture of the work (`npm run case-pictures`): a WebP of
 * 1280×720, the 16:9 of the case cards, with alt text that says, in the case's language, that it is a
 * mock-up (the clients are examples), and beside it the same page as a phone shows it, 780×1120
 * (390×560 at 2×); each small enough to keep the repository light.
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

  it.each(files)('%s is headed by its mock-up: WebP, 1280×720 and a 780×1120 phone view, at most 80 KB each, alt saying it is a mock-up', async (file) => {
    const frontMatter = parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(join(folder(locale), file), 'utf8'))![1]!) as { images: { src: string; alt: string }[] };
    const [first] = frontMatter.images;
    expect(first!.src).toBe(`./${file.replace(/\.md$/, '')}.webp`);
    expect(first!.alt).toMatch(honest[locale]);
    const path = join(folder(locale), first!.src);
    expect(statSync(path).size).toBeLessThanOrEqual(80 * 1024);
    expect(await sharp(path).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    const phone = path.replace(/\.webp$/, '-phone.webp');
    expect(statSync(phone).size).toBeLessThanOrEqual(80 * 1024);
    expect(await sharp(phone).metadata()).toMatchObject({ format: 'webp', width: 780, height: 1120 });
  });
});
