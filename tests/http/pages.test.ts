/**
 * The built pages as documents: valid HTML (html-validate, recommended rules) on every prerendered
 * and on-demand page, schema.org JSON-LD on every page that validates (structured-data-testing-tool
 * with the Google and social presets) and says what the page shows, zero JavaScript on article,
 * service and pricing pages, Markdown twins of every page, robots.txt, the English 404, /status/ in
 * both languages, and prices as money in the tools' text.
 */
import { readFileSync } from 'node:fs';
import { HtmlValidate } from 'html-validate';
import { structuredDataTest } from 'structured-data-testing-tool';
import { Facebook, Google, Twitter } from 'structured-data-testing-tool/presets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webMcpLoader } from '../../src/webmcp/loader';
import { builtPages, jsonLdOf, linkedStylesheets } from '../support/built-pages';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const pages = builtPages();
const htmlOf = (file: string) => readFileSync(file, 'utf8');
/** A page's markup as it reads: the typography's no-break spaces as spaces, the words it keeps whole unwrapped. */
const asRead = (html: string) => html.replaceAll('\u00a0', ' ').replace(/<span class="nowrap">([^<]*)<\/span>/g, '$1');
const onDemand = ['/status/', '/en/status/', '/no-such-page/', '/en/no-such-page/', '/szukaj/?q=ile%20kosztuje%20strona', '/en/search/?q=pizza%20margherita', '/en/search/'];

describe('valid HTML', () => {
  const validator = new HtmlValidate(JSON.parse(readFileSync(new URL('../../.htmlvalidate.json', import.meta.url), 'utf8')));

  it('covers every kind of page', () => {
    expect(pages.length).toBeGreaterThan(50);
    for (const path of ['/', '/en/', '/uslugi/', '/cennik/', '/en/pricing/', '/kontakt/', '/konsultacja/', '/artykuly/', '/en/articles/tag/ngos/', '/o-nas/', '/realizacje/', '/realizacje/piekarnia-pod-lipa/', '/en/case-studies/', '/en/case-studies/school-cloud/']) {
      expect(pages.map((page) => page.path), path).toContain(path);
    }
  });

  it('html-validate finds no problem on any prerendered page', async () => {
    const problems: string[] = [];
    for (const page of pages) {
      const report = await validator.validateString(htmlOf(page.file), page.path);
      for (const result of report.results) for (const message of result.messages) problems.push(`${page.path} ${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000); // 60-odd pages: about 10 s alone, more on a busy machine.

  it('html-validate finds no problem on the on-demand pages (status, 404, search) either', async () => {
    const problems: string[] = [];
    for (const path of onDemand) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const report = await validator.validateString(html, path);
      for (const result of report.results) for (const message of result.messages) problems.push(`${path} ${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('schema.org JSON-LD', () => {
  it('every indexable page carries JSON-LD that parses, names schema.org and validates', async () => {
    const failures: string[] = [];
    for (const page of pages.filter((entry) => !entry.path.startsWith('/404'))) {
      const html = htmlOf(page.file);
      const objects = jsonLdOf(html);
      if (objects.length === 0) failures.push(`${page.path}: no JSON-LD`);
      for (const object of objects) {
        if (object['@context'] !== 'https://schema.org' || typeof object['@type'] !== 'string') failures.push(`${page.path}: ${JSON.stringify(object).slice(0, 80)}`);
      }
      try {
        await structuredDataTest(html, { presets: [Google, Twitter, Facebook] });
      } catch (error: any) {
        if (error.type !== 'VALIDATION_FAILED') throw error;
        for (const failed of error.res.failed) failures.push(`${page.path}: ${failed.description ?? failed.test} ${failed.error?.message ?? ''}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);

  it('names only schema.org types the validator knows', async () => {
    const result = await structuredDataTest(htmlOf(pages.find((page) => page.path === '/uslugi/strony-internetowe/')!.file), { presets: [Google] });
    expect(result.schemas).toEqual(expect.arrayContaining(['BreadcrumbList', 'Service', 'FAQPage']));
  });

  it('describes the business on the home page as the site shows it', () => {
    const html = htmlOf(pages.find((page) => page.path === '/')!.file);
    const business = jsonLdOf(html).find((object) => object['@type'] === 'ProfessionalService')!;
    expect(business.taxID).toBe('525-000-00-00');
    expect(business.address).toMatchObject({ postalCode: '00-001', addressLocality: 'Warszawa', addressCountry: 'PL' });
    expect(business.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '17:00' });
    expect(business.contactPoint.availableLanguage).toEqual(['polski', 'angielski']);
    expect(jsonLdOf(html).map((object) => object['@type'])).toContain('WebSite');
  });

  it('gives a service its offers in PLN, net and gross, with the prices the pricing page shows', () => {
    const html = htmlOf(pages.find((page) => page.path === '/uslugi/strony-internetowe/')!.file);
    const service = jsonLdOf(html).find((object) => object['@type'] === 'Service')!;
    const pricing = htmlOf(pages.find((page) => page.path === '/cennik/')!.file);
    expect(service.offers.length).toBeGreaterThan(0);
    for (const offer of service.offers) {
      expect(offer.priceCurrency).toBe('PLN');
      const [net, gross] = offer.priceSpecification;
      expect(net.valueAddedTaxIncluded).toBe(false);
      expect(gross.valueAddedTaxIncluded).toBe(true);
      expect(gross.minPrice ?? gross.price).toBeCloseTo((net.minPrice ?? net.price) * 1.23, 2);
      // The same amounts, formatted as money, are on the pricing page.
      const shown = (value: number) => new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2 }).format(value).replace(/\s/g, ' ');
      expect(pricing.replace(/\s/g, ' ')).toContain(`${shown(net.minPrice ?? net.price)} zł`);
    }
    const faq = jsonLdOf(html).find((object) => object['@type'] === 'FAQPage')!;
    for (const question of faq.mainEntity) expect(asRead(html)).toContain(`<summary>${question.name.replace(/"/g, '&quot;')}</summary>`);
  });

  it('gives an article its headline, dates, language, author and translation as the page shows them', () => {
    const page = pages.find((entry) => entry.path.startsWith('/en/articles/') && !/\/(tag|page)\//.test(entry.path) && entry.path !== '/en/articles/')!;
    const html = htmlOf(page.file);
    const article = jsonLdOf(html).find((object) => object['@type'] === 'BlogPosting')!;
    expect(asRead(html)).toContain(`<h1>${article.headline}</h1>`);
    expect(html).toContain(`datetime="${article.datePublished}"`);
    expect(article.inLanguage).toBe('en-GB');
    expect(article.author.name).toBe('Pracownia Cyfrowa');
    expect(article.workTranslation.url).toMatch(/\/artykuly\//);
    expect(html).toContain(`href="${new URL(article.workTranslation.url).pathname}"`);
  });

  it('gives a case study an Article about the services it used, with its pictures, date and translation as the page shows them', async () => {
    const html = htmlOf(pages.find((page) => page.path === '/realizacje/piekarnia-pod-lipa/')!.file);
    const study = jsonLdOf(html).find((object) => object['@type'] === 'Article')!;
    expect(asRead(html)).toContain(`<h1>${study.headline}</h1>`);
    expect(html).toContain(`datetime="${study.datePublished}"`);
    expect(study.inLanguage).toBe('pl-PL');
    expect(study.about.map((service: any) => new URL(service.url).pathname)).toEqual(['/uslugi/automatyzacja-procesow/', '/uslugi/obsluga-it/']);
    // Each service it is about is the Service the service page describes (same @id).
    const servicePage = jsonLdOf(htmlOf(pages.find((page) => page.path === '/uslugi/automatyzacja-procesow/')!.file)).find((object) => object['@type'] === 'Service')!;
    expect(study.about[0]['@id']).toBe(servicePage['@id']);
    for (const image of study.image) {
      expect(html).toContain(`alt="${image.caption.replace(/'/g, '&#39;')}"`);
      const picture = await fetch(`${server.url}${new URL(image.url).pathname}`);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await picture.arrayBuffer()).subarray(8, 12).toString('ascii')).toBe('WEBP');
      expect([image.width, image.height]).toEqual(['1280', '720']);
    }
    expect(study.workTranslation.url).toMatch(/\/en\/case-studies\/bakery-automation\/$/);
    const trail = jsonLdOf(html).find((object) => object['@type'] === 'BreadcrumbList')!;
    expect(trail.itemListElement.map((item: any) => item.name)).toEqual(['Pracownia Cyfrowa', 'Realizacje', study.headline]);
    const index = jsonLdOf(htmlOf(pages.find((page) => page.path === '/en/case-studies/')!.file));
    expect(index.map((object) => object['@type'])).toContain('CollectionPage');
  });

  it('lists the whole price list as an OfferCatalog, one offer per price card', () => {
    const html = htmlOf(pages.find((page) => page.path === '/en/pricing/')!.file);
    const catalog = jsonLdOf(html).find((object) => object['@type'] === 'OfferCatalog')!;
    const offers = catalog.itemListElement.flatMap((section: any) => section.itemListElement);
    expect(offers.length).toBe((html.match(/class="price-card"/g) ?? []).length);
    for (const offer of offers) expect(html).toContain(`id="${new URL(offer.url).hash.slice(1)}"`);
  });

  it('ends every breadcrumb trail at the page itself', () => {
    for (const page of pages.filter((entry) => entry.path !== '/' && entry.path !== '/en/' && !entry.path.startsWith('/404'))) {
      const trail = jsonLdOf(htmlOf(page.file)).find((object) => object['@type'] === 'BreadcrumbList');
      expect(trail, page.path).toBeDefined();
      expect(new URL(trail!.itemListElement.at(-1).item).pathname, page.path).toBe(page.path);
    }
  });
});

describe('no JavaScript where none is needed', () => {
  // The WebMCP feature check (once, inline), the menu's Escape key and the chat launcher (a few hundred
  // bytes each, their sizes held in tests/http/site.test.ts) are the only scripts allowed; JSON-LD is
  // data, not script.
  const loader = `<script>${webMcpLoader}</script>`;
  const launcher = /<div id="site-chat"[^>]*>[\s\S]*?<\/div>\s*<script type="module">[\s\S]*?<\/script>/;
  const menu = /<script type="module">[^<]*site-menu[^<]*<\/script>/;
  const withoutLoader = (html: string, path: string) => {
    expect(html.split(loader).length, path).toBeLessThanOrEqual(2);
    expect(launcher.test(html), path).toBe(true);
    expect(menu.test(html), path).toBe(true);
    return html.replace(loader, '').replace(menu, '').replace(launcher, '');
  };

  it.each(['/cennik/', '/en/pricing/', '/uslugi/strony-internetowe/', '/en/services/web-design/'])('%s has no script but JSON-LD data', (path) => {
    const html = withoutLoader(htmlOf(pages.find((page) => page.path === path)!.file), path);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.every((attributes) => /type="application\/ld\+json"/.test(attributes!))).toBe(true);
    expect(html).not.toContain('<astro-island');
  });

  it('every article page has no script but JSON-LD data', () => {
    const articles = pages.filter((page) => /^\/(artykuly|en\/articles)\/(?!tag\/|strona\/|page\/)[^/]+\/$/.test(page.path));
    expect(articles.length).toBeGreaterThanOrEqual(10);
    for (const page of articles) {
      const html = withoutLoader(htmlOf(page.file), page.path);
      expect([...html.matchAll(/<script\b([^>]*)>/g)].every((match) => /application\/ld\+json/.test(match[1]!)), page.path).toBe(true);
    }
  });
});

describe('one stylesheet', () => {
  // A visitor fetches the site's styles once (cached for a year), whatever the first page and the next:
  // no page kind may link a copy of its own (a bundler splits one per set of importers).
  it('every page, prerendered and on demand, links the same single stylesheet, in its head', async () => {
    const seen = new Map<string, string[]>();
    const documents = [...pages.map((page) => ({ path: page.path, html: htmlOf(page.file) })), ...await Promise.all(onDemand.map(async (path) => ({ path, html: await (await fetch(`${server.url}${path}`)).text() })))];
    for (const { path, html } of documents) {
      const head = html.slice(0, html.indexOf('</head>'));
      expect(linkedStylesheets(html), path).toEqual(linkedStylesheets(head));
      const key = linkedStylesheets(html).join(' ');
      seen.set(key, [...(seen.get(key) ?? []), path]);
    }
    expect([...seen.keys()], [...seen].map(([key, paths]) => `${key || '(none)'}: ${paths.slice(0, 3).join(', ')}`).join('\n')).toHaveLength(1);
    expect([...seen.keys()][0]).toMatch(/^\/_astro\/[^ ]+\.css$/);
  });
});

describe('documents for agents and crawlers', () => {
  it('robots.txt allows the site, names the sitemap and points agents to /llms.txt', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    const text = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).not.toMatch(/^Disallow:/m);
    expect(text).toMatch(/^Sitemap: http:\/\/localhost:4321\/sitemap-index\.xml$/m);
    expect(text).toContain('/llms.txt');
  });

  it.each([
    ['/', '/index.md', 'Pracownia Cyfrowa'],
    ['/en/', '/en.md', 'Pracownia Cyfrowa'],
    ['/uslugi/', '/uslugi.md', '# Usługi'],
    ['/en/services/', '/en/services.md', '# Services'],
    ['/artykuly/', '/artykuly.md', '# Artykuły'],
    ['/en/articles/', '/en/articles.md', '# Articles'],
    ['/kontakt/', '/kontakt.md', 'kontakt@example.com'],
    ['/en/contact/', '/en/contact.md', '+48 22 100 20 30'],
    ['/konsultacja/', '/konsultacja.md', '/api/consultation/slots'],
    ['/en/consultation/', '/en/consultation.md', '/api/consultation/book'],
  ])('%s announces its Markdown twin %s', async (path, twin, expected) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${twin}">`);
    const response = await fetch(`${server.url}${twin}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toContain(expected);
  });

  it.each([
    ['/artykuly/kopie-zapasowe-3-2-1/', '/artykuly/kopie-zapasowe-3-2-1.md', 'Ta strona w Markdown', []],
    ['/en/articles/backups-3-2-1/', '/en/articles/backups-3-2-1.md', 'This page in Markdown', []],
    ['/cennik/', '/cennik.md', 'Ta strona w Markdown', ['/pricing.md']],
    ['/en/pricing/', '/en/pricing.md', 'This page in Markdown', ['/pricing.md']],
  ])('%s links its Markdown where agents look (head, the footer\'s agents section), not in the page body', async (path, twin, label, more) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const main = /<main[\s\S]*?<\/main>/.exec(html)![0];
    expect(main).not.toMatch(/\.md"|Markdown/);
    for (const document of [twin, ...more]) expect(html).toMatch(new RegExp(`<link rel="alternate" type="text/markdown" href="${document}"`));
    const agents = /<nav aria-label="[^"]*"><p class="footer-title">[^<]*<\/p>\s*<ul class="footer-links">\s*<li><a href="\/llms\.txt">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(asRead(agents)).toContain(`<a href="${twin}" type="text/markdown">${label}</a>`);
    for (const document of more) expect(agents).toContain(`<a href="${document}" type="text/markdown">`);
  });

  it('keeps "3-2-1" whole in the article titles (no line break at its hyphens)', async () => {
    for (const path of ['/artykuly/kopie-zapasowe-3-2-1/', '/en/articles/backups-3-2-1/']) {
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await (await fetch(`${server.url}${path}`)).text())![1]!;
      expect(h1, path).toContain('<span class="nowrap">3-2-1</span>');
    }
  });

  it('every page has a social image that exists', async () => {
    for (const path of ['/', '/en/', '/cennik/', '/en/articles/tag/ngos/']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
      const response = await fetch(`${server.url}${new URL(image).pathname}`);
      expect(response.status, image).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await response.arrayBuffer());
      // PNG signature, then a 1200×630 IHDR.
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    }
  });
});

describe('pages in the visitor language', () => {
  it('answers an unknown /en/ path with an English 404 and others with a Polish one', async () => {
    const english = await fetch(`${server.url}/en/no-such-page/`);
    expect(english.status).toBe(404);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en">');
    expect(englishHtml).toContain('Page not found');
    const polish = await fetch(`${server.url}/no-such-page/`);
    expect(polish.status).toBe(404);
    const polishHtml = await polish.text();
    expect(polishHtml).toContain('<html lang="pl">');
    expect(polishHtml).toContain('Nie znaleziono strony');
  });

  it('shows /status/ in Polish and /en/status/ in English, with the check time written for people', async () => {
    const polish = await (await fetch(`${server.url}/status/`)).text();
    expect(polish).toContain('<html lang="pl">');
    expect(polish).toMatch(/sprawdzono <time datetime="[^"]+">\d{1,2} [a-ząćęłńóśźż]+ \d{4}/);
    // Every state, reason and provider in Polish: no probe's English words (they went to the log).
    expect(polish).toContain('odpowiedział na sprawdzenie');
    expect(polish).toContain('pliki .eml na serwerze');
    expect(polish).not.toMatch(/answered|writable|SELECT 1|process memory|not configured/);
    const english = await (await fetch(`${server.url}/en/status/`)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toMatch(/checked <time datetime="[^"]+">\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(english).toContain('answered the check');
    expect(english).not.toMatch(/odpowiedział|pliki/);
    const json = await (await fetch(`${server.url}/en/status/?format=json`)).json();
    expect(json.providers.length).toBeGreaterThan(3);
  });

  it('writes prices in the tools as money ("PLN 602.70", "602,70 zł"), never "602.7 PLN"', async () => {
    const call = async (locale: string) => {
      const response = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pricing_get', arguments: { locale } } }),
      });
      return (await response.json()).result.content[0].text as string;
    };
    const english = await call('en');
    expect(english).toMatch(/PLN \d[\d,]*(\.\d{2})? net, from PLN|: PLN \d/);
    expect(english).not.toMatch(/\d PLN\b/);
    const polish = await call('pl');
    expect(polish).toMatch(/\d zł netto/);
    expect(polish).not.toMatch(/PLN/);
  });
});
