/**
 * An article's `author` and `cover` reach every form of it: the page (author under the title, the
 * cover as og:image), its JSON-LD (a Person, the cover as image), the Markdown twin and the RSS feed.
 * The cover of both translations is one file (content/media/), optimised once.
 */
import { describe, expect, it } from 'vitest';
import { jsonLdOf } from '../support/built-pages';
import { sharedServer } from '../support/shared-server';

const server = sharedServer();

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

const articles = { pl: '/artykuly/kopie-zapasowe-3-2-1/', en: '/en/articles/backups-3-2-1/' };

describe.each(['pl', 'en'] as const)('the author and cover of an article (%s)', (locale) => {
  it('are on the page, in JSON-LD, in the twin and in RSS', async () => {
    const path = articles[locale];
    const html = await get(path);
    expect(html).toMatch(/class="meta">[\s\S]*?<span class="author">Michał Dąbrowski<\/span>/);
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
    console.log(`${path} og:image ${ogImage}`);
    expect(ogImage).toMatch(/^http:\/\/localhost:4321\/_astro\/kopie-zapasowe-3-2-1-okladka\.[\w-]+\.png$/);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    const image = await fetch(`${server.url}${new URL(ogImage).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const posting = jsonLdOf(html).find((node) => node['@type'] === 'BlogPosting')!;
    expect(posting.author).toEqual({ '@type': 'Person', name: 'Michał Dąbrowski' });
    expect(posting.image).toBe(ogImage);

    const twin = await get(path.replace(/\/$/, '.md'));
    expect(twin).toContain(`${locale === 'pl' ? 'Autor' : 'Author'}: Michał Dąbrowski`);
    expect(twin).toMatch(new RegExp(`!\\[[^\\]]+\\]\\(${ogImage.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`));

    const rss = await get(locale === 'pl' ? '/rss.xml' : '/en/rss.xml');
    const item = rss.split('<item>').find((entry) => entry.includes(path))!;
    expect(item).toContain('<dc:creator>Michał Dąbrowski</dc:creator>');
    expect(item).toContain(`<media:content url="${ogImage}" medium="image" width="1200" height="630">`);
    expect(rss).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
  });
});

it('uses one cover file for both translations', async () => {
  const [pl, en] = await Promise.all([get(articles.pl), get(articles.en)]);
  const cover = (html: string) => /<meta property="og:image" content="([^"]+)"/.exec(html)![1];
  expect(cover(pl)).toBe(cover(en));
  expect(/<meta property="og:image:alt" content="([^"]+)"/.exec(pl)![1]).toMatch(/^Trzy kafelki/);
  expect(/<meta property="og:image:alt" content="([^"]+)"/.exec(en)![1]).toMatch(/^Three tiles/);
});

it('signs an article without an author with the studio', async () => {
  const html = await get('/en/articles/automating-forms-gdpr/');
  expect(jsonLdOf(html).find((node) => node['@type'] === 'BlogPosting')!.author).toMatchObject({ '@type': 'Organization', name: 'Pracownia Cyfrowa' });
  expect(html).not.toContain('class="author"');
});
