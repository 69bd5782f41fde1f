/**
 * The built site over real HTTP: every page and document answers with the right content type, no
 * internal link from either home page is broken, every Markdown twin exists, the discovery headers
 * are on static and on-demand responses, and /status/ answers in HTML and JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { parseLlmsTxt } from '../support/llms-txt';
import { webMcpLoader } from '../../src/webmcp/loader';

let server: TestServer;
const site = 'http://localhost:4321'; // SITE_URL of the test build (tests/support/build-site.ts)

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** Rewrites an absolute site URL to the test server. */
const local = (url: string) => url.replace(site, server.url);

interface Crawled { status: number; type: string; body: string; from: string }

/** Follows <a href>, <link rel=alternate> and RSS <link> items from both home pages. */
async function crawl(): Promise<Map<string, Crawled>> {
  const seen = new Map<string, Crawled>();
  const queue: Array<{ path: string; from: string }> = [{ path: '/', from: '(start)' }, { path: '/en/', from: '(start)' }];
  while (queue.length) {
    const { path, from } = queue.shift()!;
    if (seen.has(path)) continue;
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    const type = response.headers.get('content-type') ?? '';
    const body = await response.text();
    seen.set(path, { status: response.status, type, body, from });
    if (!/html|xml/.test(type) || response.status !== 200) continue;
    const links = new Set<string>();
    for (const match of body.matchAll(/<a\s[^>]*href="([^"]+)"/g)) links.add(match[1]);
    for (const match of body.matchAll(/<link\s[^>]*rel="alternate"[^>]*href="([^"]+)"/g)) links.add(match[1]);
    for (const match of body.matchAll(/<link>([^<]+)<\/link>/g)) links.add(match[1]);
    for (const raw of links) {
      const url = new URL(raw.replace(/&amp;/g, '&'), `${site}${path}`);
      if (url.origin !== site) continue;
      const target = url.pathname + url.search;
      if (!seen.has(target)) queue.push({ path: target, from: path });
    }
  }
  return seen;
}

describe('the built site', () => {
  let pages: Map<string, Crawled>;
  beforeAll(async () => {
    pages = await crawl();
  }, 60_000);

  it('has no broken internal link reachable from either home page', () => {
    const broken = [...pages].filter(([, page]) => page.status !== 200).map(([path, page]) => `${path} (${page.status}, linked from ${page.from})`);
    expect(broken).toEqual([]);
    expect(pages.size).toBeGreaterThan(30);
  });

  it('reaches every kind of page in both languages', () => {
    for (const path of ['/uslugi/', '/en/services/', '/artykuly/', '/en/articles/', '/cennik/', '/en/pricing/', '/kontakt/', '/en/contact/', '/konsultacja/', '/en/consultation/', '/rss.xml', '/en/rss.xml', '/llms.txt', '/status/']) {
      expect(pages.has(path), path).toBe(true);
    }
    expect([...pages.keys()].some((path) => /^\/artykuly\/tag\/[a-z0-9-]+\/$/.test(path))).toBe(true);
    expect([...pages.keys()].some((path) => /^\/en\/articles\/[a-z0-9-]+\/$/.test(path))).toBe(true);
  });

  it('serves HTML pages as text/html with lang, canonical, hreflang and Open Graph', () => {
    // Pages that are not for search engines (status, the unsubscribe page linked under the newsletter
    // forms) say noindex instead of naming a canonical URL.
    const noindex = [...pages].filter(([, page]) => page.body.includes('<meta name="robots" content="noindex">')).map(([path]) => path).sort();
    expect(noindex).toEqual(['/en/newsletter/unsubscribe/', '/en/status/', '/newsletter/wypisz/', '/status/'].filter((path) => pages.has(path)));
    expect(noindex).toContain('/newsletter/wypisz/');
    for (const [path, page] of pages) {
      if (!path.endsWith('/') || noindex.includes(path)) continue;
      expect(page.type, path).toMatch(/^text\/html; charset=utf-8/);
      const lang = path.startsWith('/en/') ? 'en' : 'pl';
      expect(page.body, path).toContain(`<html lang="${lang}">`);
      expect(page.body, path).toContain(`<link rel="canonical" href="${site}${path}">`);
      expect(page.body, path).toContain(`hreflang="${lang}"`);
      expect(page.body, path).toMatch(/<meta property="og:title" content="[^"]+">/);
      expect(page.body, path).toMatch(/<main id="main"/);
    }
  });

  it('links each article, service and pricing page to a Markdown twin served as text/markdown', async () => {
    const withTwins = [...pages].filter(([path]) => /^\/(en\/)?(artykuly|articles|uslugi|services)\/[a-z0-9-]+\/$/.test(path) || /^\/(en\/pricing|cennik)\/$/.test(path));
    expect(withTwins.length).toBeGreaterThanOrEqual(6);
    for (const [path, page] of withTwins) {
      const twin = `${path.replace(/\/$/, '')}.md`;
      expect(page.body, path).toContain(`<link rel="alternate" type="text/markdown" href="${twin}">`);
      const response = await fetch(`${server.url}${twin}`);
      expect(response.status, twin).toBe(200);
      expect(response.headers.get('content-type'), twin).toBe('text/markdown; charset=utf-8');
      const text = await response.text();
      expect(text, twin).toMatch(/^# .+\n\n(Źródło|Source): http:\/\/localhost:4321\//);
      expect(text, twin).not.toMatch(/^---\n/);
    }
  });

  it('ships no JavaScript on article, service and pricing pages but the WebMCP feature check, the menu\'s Escape key (under 300 B) and the chat launcher (under 1 KB)', () => {
    const loader = `<script>${webMcpLoader}</script>`;
    let checked = 0;
    for (const [path, page] of pages) {
      // Article pages (not the index, its pages or tag pages, which may host the search island), services, pricing.
      const article = /^\/(en\/)?(artykuly|articles)\/[a-z0-9-]+\/$/.test(path) && !/\/(tag|strona|page)\//.test(path);
      if (!article && !/^\/(en\/)?(uslugi|services|cennik|pricing)\/([a-z0-9-]+\/)?$/.test(path)) continue;
      // The launcher: one inline module after its button; the chat itself loads only when opened.
      const launcher = /<div id="site-chat"[^>]*>[\s\S]*?<\/div>\s*<script type="module">([\s\S]*?)<\/script>/.exec(page.body);
      expect(launcher, path).not.toBeNull();
      expect(Buffer.byteLength(launcher![1]!), path).toBeLessThan(1024);
      // The phone menu is a <details> (no script); Escape closing it is one small module.
      const menu = /<script type="module">([^<]*site-menu[^<]*)<\/script>/.exec(page.body);
      expect(menu, path).not.toBeNull();
      expect(Buffer.byteLength(menu![1]!), path).toBeLessThan(300);
      // Besides them, the WebMCP feature check (once) is the only script; JSON-LD is data, not script.
      expect(page.body.split(loader).length, path).toBeLessThanOrEqual(2);
      expect(page.body.replace(loader, '').replace(launcher![0], '').replace(menu![0], ''), path).not.toMatch(/<script(?![^>]*type="application\/ld\+json")|<astro-island/);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('answers page paths without the trailing slash as well', async () => {
    const sample = [...pages.keys()].filter((path) => path.endsWith('/') && path !== '/' && path !== '/en/').slice(0, 12);
    for (const path of sample) expect((await fetch(`${server.url}${path.slice(0, -1)}`)).status, path).toBe(200);
  });

  it('publishes the webhook policy in both languages, reachable by links, with its Markdown twin (/webhooks)', () => {
    for (const path of ['/webhooks/', '/en/webhooks/']) {
      expect(pages.get(path)?.status, path).toBe(200);
      expect(pages.get(path)?.body, path).toContain('<link rel="alternate" type="text/markdown" href="' + path.slice(0, -1) + '.md">');
    }
  });

  it('lands the language switch on the translated page', () => {
    const article = [...pages.keys()].find((path) => /^\/artykuly\/[a-z0-9-]+\/$/.test(path) && !path.includes('/tag/') && !path.includes('/strona/'))!;
    const switchHref = /<a class="lang-switch" href="([^"]+)"/.exec(pages.get(article)!.body)?.[1];
    expect(switchHref).toMatch(/^\/en\/articles\/[a-z0-9-]+\/$/);
    expect(pages.get(switchHref!)?.body).toContain(`<a class="lang-switch" href="${article}"`);
  });
});

describe('agent documents', () => {
  it('llms.txt parses as its format says and every linked local document answers 200', async () => {
    const response = await fetch(`${server.url}/llms.txt`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const parsed = parseLlmsTxt(await response.text());
    expect(parsed.summary).toBeTruthy();
    expect(Object.keys(parsed.sections)).toEqual(expect.arrayContaining(['Services', 'Articles', 'Pricing', 'Company', 'API and agents', 'Optional']));
    // The API documents belong to other parts of the project; the content links must all resolve here.
    for (const section of ['Services', 'Articles', 'Pricing', 'Company', 'Optional']) {
      for (const link of parsed.sections[section]) {
        const answer = await fetch(local(link.url));
        expect(answer.status, link.url).toBe(200);
        if (link.url.endsWith('.md')) expect(answer.headers.get('content-type'), link.url).toBe('text/markdown; charset=utf-8');
      }
    }
  });

  it.each([
    ['/llms-full.txt', 'text/plain; charset=utf-8'],
    ['/pricing.md', 'text/markdown; charset=utf-8'],
    ['/.well-known/agent-instructions.md', 'text/markdown; charset=utf-8'],
    ['/.well-known/agent-instructions.json', 'application/json; charset=utf-8'],
    ['/rss.xml', 'xml'],
    ['/en/rss.xml', 'xml'],
    ['/sitemap-index.xml', 'xml'],
  ])('%s answers 200 as %s with the discovery headers', async (path, type) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    expect(response.headers.get('link')).toBe('</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt"');
    expect(response.headers.get('x-llms-txt')).toBe('/llms.txt');
  });

  it('pricing.md states net and gross prices of both languages', async () => {
    const text = await (await fetch(`${server.url}/pricing.md`)).text();
    expect(text).toMatch(/Cena netto \| Cena brutto/);
    expect(text).toMatch(/Net price \| Gross price/);
    expect(text).toContain('23%');
  });

  it('agent-instructions.json names the MCP endpoint, /ask and the booking flow', async () => {
    const doc = await (await fetch(`${server.url}/.well-known/agent-instructions.json`)).json();
    expect(doc.mcp.endpoint).toBe(`${site}/mcp`);
    expect(doc.ask.endpoint).toBe(`${site}/ask`);
    expect(doc.booking.flow).toHaveLength(4);
  });

  it('agent-instructions.json lists exactly the tools the MCP server offers', async () => {
    const doc = await (await fetch(`${server.url}/.well-known/agent-instructions.json`)).json();
    const discovery = await (await fetch(`${server.url}/mcp`, { headers: { Accept: 'application/json' } })).json();
    const offered = discovery.tools.map((tool: { name: string }) => tool.name).sort();
    expect(offered).toHaveLength(11);
    expect(doc.mcp.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(offered);
  });

  it('answers an unknown page with a 404 page in the language of its path', async () => {
    const response = await fetch(`${server.url}/no-such-page/`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Nie znaleziono strony');
    const english = await fetch(`${server.url}/en/no-such-page/`);
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('Page not found');
  });
});

describe('/status/', () => {
  it('renders HTML by default, on demand, with the discovery headers and no-store', async () => {
    const response = await fetch(`${server.url}/status/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('link')).toContain('rel="llms-txt"');
    expect(response.headers.get('x-llms-txt')).toBe('/llms.txt');
    expect(await response.text()).toContain('Wbudowana baza danych');
    expect(await (await fetch(`${server.url}/en/status/`)).text()).toContain('Embedded database');
  });

  it.each([
    ['?format=json', {}],
    ['', { Accept: 'application/json' }],
  ])('answers JSON with %s %j in the documented shape', async (query, headers) => {
    const response = await fetch(`${server.url}/status/${query}`, { headers });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const report = await response.json();
    // A production server with no mail provider: its mail stays in the outbox, which is not ok.
    expect(report.status).toBe('degraded');
    expect(Date.parse(report.checkedAt)).not.toBeNaN();
    const byId = Object.fromEntries(report.providers.map((item: { id: string }) => [item.id, item]));
    expect(Object.keys(byId).sort()).toEqual(['chat', 'counters', 'database', 'mail', 'mailing_list', 'scheduling']);
    expect(byId.mail).toMatchObject({ provider: 'outbox', state: 'not_delivered', external: false, detail: expect.stringContaining('DATA_DIR/outbox') });
    expect(byId.chat).toMatchObject({ provider: 'none', state: 'disabled' });
    expect(byId.counters).toMatchObject({ provider: 'memory' });
    expect(byId.database).toMatchObject({ provider: 'sqlite', state: 'ok' });
  });
});
