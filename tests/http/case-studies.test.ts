/**
 * Case studies as a visitor, an agent and an MCP client meet them on the built server: the index and
 * the case pages in both languages (figures, quote, pictures with alt text, services linked both
 * ways), the home page's "selected work", the Markdown twins, llms.txt and llms-full.txt, /ask
 * answering with a case study, and the two MCP tools through the official SDK client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server';

const server = sharedServer();
let client: Client;
beforeAll(async () => {
  client = new Client({ name: 'case-studies-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});
afterAll(async () => {
  await client?.close();
});

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
};
const cases = {
  pl: ['/realizacje/fundacja-zielony-prog/', '/realizacje/piekarnia-pod-lipa/', '/realizacje/szkola-w-chmurze/'],
  en: ['/en/case-studies/foundation-website/', '/en/case-studies/bakery-automation/', '/en/case-studies/school-cloud/'],
};
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);

describe('pages', () => {
  it('the index of each language links every case of that language, newest first, and is in the main navigation', async () => {
    for (const [locale, index] of [['pl', '/realizacje/'], ['en', '/en/case-studies/']] as const) {
      const { status, text } = await get(index);
      expect(status).toBe(200);
      const linked = hrefs(text).filter((href) => cases[locale].includes(href));
      // Newest first: foundation (Sep), bakery (Jul), school (May); each card once.
      expect([...new Set(linked)]).toEqual(cases[locale]);
      const nav = /<nav aria-label="[^"]+">([\s\S]*?)<\/nav>/.exec(text)![1]!;
      expect(nav).toContain(`href="${index}" aria-current="page"`);
    }
  });

  it('a case page shows the client, the figures, the quote with its author, the picture with alt text and links its services and translation', async () => {
    const { text } = await get('/en/case-studies/bakery-automation/');
    expect(text).toContain('<h1>Pod Lipą Bakery — wholesale orders without retyping</h1>');
    expect(text).toContain('Family bakery with three shops');
    expect(text).toContain('18 staff, 25 wholesale customers');
    expect(text).toContain('<strong class="case-figure">6 h → 40 min</strong>');
    expect(text).toMatch(/<blockquote><p>In the evenings I bake or rest[^<]*<\/p><\/blockquote>\s*<figcaption><strong>Anna Lipińska<\/strong>, co-owner of the bakery<\/figcaption>/);
    // The picture is a mock-up of the delivered page (npm run case-pictures), framed as a browser
    // window; phones get the same page as a phone shows it.
    const image = /<div class="case-shot"><div class="case-shot-bar" aria-hidden="true">(?:<span><\/span>){3}<\/div>\s*<picture>\s*<source media="\(max-width: 40rem\)" srcset="([^"]+)"[^>]*width="780" height="1120">\s*<img src="([^"]+)"[^>]*alt="([^"]+)"[^>]*class="cover case-cover"/.exec(text)!;
    expect(image[3]).toMatch(/^Illustrative mock-up, not a screenshot of the real site: the bakery’s wholesale order form/);
    expect((await fetch(`${server.url}${image[2]}`)).status).toBe(200);
    const phone = image[1]!.split(', ').map((candidate) => candidate.split(' '));
    expect(phone.map(([url, width]) => [url!.replace(/\.[\w-]+\.webp$/, ''), width])).toEqual([['/_astro/bakery-automation-phone', '390w'], ['/_astro/bakery-automation-phone', '780w']]);
    expect((await fetch(`${server.url}${phone[0]![0]}`)).headers.get('content-type')).toBe('image/webp');
    expect(hrefs(text)).toEqual(expect.arrayContaining(['/en/services/automation/', '/en/services/it-support/', '/realizacje/piekarnia-pod-lipa/', '/en/case-studies/bakery-automation.md']));
    expect(text).toContain('<link rel="alternate" hreflang="pl" href="http://localhost:4321/realizacje/piekarnia-pod-lipa/">');
  });

  it('each service page lists exactly the cases that used it, and the home page shows selected work', async () => {
    const automation = await get('/uslugi/automatyzacja-procesow/');
    // The pages' typography keeps the single-letter "z" with the next word (a no-break space).
    expect(automation.text).toContain('Realizacje z\u00a0tą usługą');
    expect(hrefs(automation.text).filter((href) => href.startsWith('/realizacje/') && href !== '/realizacje/')).toEqual(['/realizacje/piekarnia-pod-lipa/']);
    const support = await get('/en/services/it-support/');
    expect(hrefs(support.text).filter((href) => href.startsWith('/en/case-studies/') && href !== '/en/case-studies/')).toEqual(['/en/case-studies/bakery-automation/', '/en/case-studies/school-cloud/']);
    for (const [path, heading, all] of [['/', 'Co już zrobiliśmy', '/realizacje/'], ['/en/', 'Work we have done', '/en/case-studies/']] as const) {
      const home = await get(path);
      const block = /<section class="section" aria-labelledby="home-work">([\s\S]*?)<\/section>/.exec(home.text)![1]!;
      expect(block).toContain(heading);
      expect(hrefs(block)).toContain(all);
      expect(hrefs(block).filter((href) => href.startsWith(all) && href !== all)).toHaveLength(3);
    }
  });
});

describe('for agents', () => {
  it('every case has a Markdown twin with its figures, quote, services and picture', async () => {
    for (const path of [...cases.pl, ...cases.en]) {
      const twin = await get(path.replace(/\/$/, '.md'));
      expect(twin.status, path).toBe(200);
      expect(twin.type).toMatch(/^text\/markdown; charset=utf-8/);
      expect(twin.text).toMatch(/^# .+\n\n(Źródło|Source): http:\/\/localhost:4321\//);
      expect(twin.text).toMatch(/## (Wynik|The result)\n\n- \*\*/);
      expect(twin.text).toMatch(/\n> — .+, .+\n/);
      expect(twin.text).toMatch(/!\[[^\]]{10,}\]\(http:\/\/localhost:4321\/_astro\/[^)]+\.webp\)/);
    }
    const index = await get('/en/case-studies.md');
    expect(index.status).toBe(200);
    for (const path of cases.en) expect(index.text).toContain(`(http://localhost:4321${path})`);
    const service = await get('/en/services/automation.md');
    expect(service.text).toContain('## Case studies with this service\n\n- [Pod Lipą Bakery — wholesale orders without retyping](http://localhost:4321/en/case-studies/bakery-automation.md)');
  });

  it('llms.txt has a Case studies section linking every twin, and llms-full.txt holds every case', async () => {
    const llms = (await get('/llms.txt')).text;
    const section = /## Case studies\n\n([\s\S]*?)\n\n## /.exec(llms)![1]!.split('\n');
    expect(section).toHaveLength(6);
    for (const path of [...cases.pl, ...cases.en]) expect(llms).toContain(`(http://localhost:4321${path.replace(/\/$/, '.md')})`);
    const full = (await get('/llms-full.txt')).text;
    expect(full).toContain('# Piekarnia Pod Lipą — zamówienia hurtowe bez przepisywania');
    expect(full).toContain('# Szkoła na Skarpie Association — a school in the cloud in two weekends');
  });

  it('/ask answers a question about past work with a case study, and filters by the case_study type', async () => {
    const ask = async (body: object) => (await (await fetch(`${server.url}/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json()) as { results: Array<{ id: string; type: string; url: string; source: string }> };
    const bakery = await ask({ query: { text: 'piekarnia zamówienia od kawiarni przez SMS' }, locale: 'pl' });
    console.log('ask "piekarnia zamówienia od kawiarni przez SMS":', bakery.results.slice(0, 3).map((result) => result.id).join(', '));
    expect(bakery.results[0]).toMatchObject({ id: 'case_study:pl:piekarnia-pod-lipa', type: 'case_study', url: 'http://localhost:4321/realizacje/piekarnia-pod-lipa/', source: 'http://localhost:4321/realizacje/piekarnia-pod-lipa.md' });
    const school = await ask({ query: { text: 'school phishing teachers cloud' }, locale: 'en', context: { types: ['case_study'] } });
    expect(school.results.length).toBeGreaterThan(0);
    expect(school.results.every((result) => result.type === 'case_study')).toBe(true);
    expect(school.results[0]!.id).toBe('case_study:en:school-cloud');
  });
});

describe('MCP tools', () => {
  it('case_studies_list lists the cases of a language, filtered by service or sector, valid against its output schema', async () => {
    const { tools } = await client.listTools();
    const list = tools.find((tool) => tool.name === 'case_studies_list')!;
    expect(list.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(list.outputSchema).toMatchObject({ type: 'object' });
    const all = (await client.callTool({ name: 'case_studies_list', arguments: { locale: 'en' } })) as CallToolResult;
    const studies = (all.structuredContent as { caseStudies: Array<{ slug: string; url: string; results: unknown[]; services: Array<{ slug: string }> }> }).caseStudies;
    expect(studies.map((study) => study.slug)).toEqual(['foundation-website', 'bakery-automation', 'school-cloud']);
    const automation = (await client.callTool({ name: 'case_studies_list', arguments: { locale: 'pl', service: 'automatyzacja-procesow' } })) as CallToolResult;
    expect((automation.structuredContent as { caseStudies: Array<{ slug: string }> }).caseStudies.map((study) => study.slug)).toEqual(['piekarnia-pod-lipa']);
    const schools = (await client.callTool({ name: 'case_studies_list', arguments: { locale: 'en', sector: 'education' } })) as CallToolResult;
    expect((schools.structuredContent as { caseStudies: Array<{ slug: string }> }).caseStudies.map((study) => study.slug)).toEqual(['school-cloud']);
    const none = (await client.callTool({ name: 'case_studies_list', arguments: { locale: 'en', service: 'no-such-service' } })) as CallToolResult;
    expect(none.isError).toBeFalsy();
    expect((none.structuredContent as { caseStudies: unknown[] }).caseStudies).toEqual([]);
  });

  it('case_study_get returns one case in full, and names the slugs when asked for one that does not exist', async () => {
    const result = (await client.callTool({ name: 'case_study_get', arguments: { locale: 'pl', slug: 'szkola-w-chmurze' } })) as CallToolResult;
    const study = (result.structuredContent as { caseStudy: any }).caseStudy;
    expect(study).toMatchObject({ title: expect.stringMatching(/^Stowarzyszenie Szkoła na Skarpie/), client: { sector: 'education' }, quote: { author: 'Ewa Nowicka' } });
    expect(study.results).toContainEqual({ figure: '23% → 3%', label: expect.stringContaining('phishing') });
    expect(study.images[0].alt.length).toBeGreaterThan(20);
    expect((await fetch(study.images[0].url.replace('http://localhost:4321', server.url))).status).toBe(200);
    const missing = (await client.callTool({ name: 'case_study_get', arguments: { locale: 'en', slug: 'piekarnia-pod-lipa' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toMatch(/bakery-automation/);
  });
});
