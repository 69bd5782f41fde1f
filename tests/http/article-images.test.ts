/**
 * An image in an article's text (content/articles/pl/strona-darowizn-dla-fundacji.md shows the foundation
 * case's mock-up, ../../case-studies/pl/fundacja-zielony-prog.webp) reaches the page optimised by
 * astro:assets (WebP in several widths, width and height set, lazy, alt kept) with no JavaScript, and
 * the Markdown twin points agents at the emitted file.
 */
import { describe, expect, it } from 'vitest';
import { webMcpLoader } from '../../src/webmcp/loader';
import { sharedServer } from '../support/shared-server';

const server = sharedServer();

describe('an article with an image', () => {
  it("serves the image optimised, with its size and alt text, and no script on the page but the WebMCP check, the menu's Escape key and the chat launcher", async () => {
    const html = await (await fetch(`${server.url}/artykuly/strona-darowizn-dla-fundacji/`)).text();
    const image = /<img [^>]*alt="Poglądowa makieta strony fundacji[^"]*"[^>]*>/.exec(html)?.[0];
    expect(image).toBeDefined();
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(image!)?.[1];
    expect(attribute('width')).toBe('1280');
    expect(attribute('height')).toBe('720');
    expect(attribute('loading')).toBe('lazy');
    const candidates = attribute('srcset')!.split(', ').map((candidate) => candidate.split(' '));
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    expect(candidates.map(([, width]) => width)).toContain('640w');
    const smallest = await fetch(`${server.url}${candidates[0]![0]}`);
    expect(smallest.status).toBe(200);
    expect(smallest.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await smallest.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    // The only scripts allowed are the WebMCP feature check, the menu's Escape key and the chat launcher
    // (tests/http/site.test.ts holds their size); JSON-LD is data, not script.
    const withoutAllowed = html
      .replace(`<script>${webMcpLoader}</script>`, '')
      .replace(/<script type="module">[^<]*site-menu[^<]*<\/script>/, '')
      .replace(/<div id="site-chat"[^>]*>[\s\S]*?<\/div>\s*<script type="module">[\s\S]*?<\/script>/, '');
    expect(withoutAllowed).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/i);
  });

  it('gives the Markdown twin an absolute link to the emitted image', async () => {
    const twin = await (await fetch(`${server.url}/artykuly/strona-darowizn-dla-fundacji.md`)).text();
    const url = /!\[Poglądowa makieta strony fundacji[^\]]*\]\(([^)]+)\)/.exec(twin)?.[1];
    expect(url).toMatch(/^http:\/\/localhost:4321\/_astro\/fundacja-zielony-prog\.[\w-]+\.webp$/);
    const image = await fetch(`${server.url}${new URL(url!).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });
});
