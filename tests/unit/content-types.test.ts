/**
 * The registry of content types (src/server/catalog/content-types/) is the one place a kind of content
 * is described: a kind registered here, and nowhere else, reaches the catalog, its pages, its Markdown
 * twin, llms.txt and llms-full.txt, and /ask (the search page and the A2A agent answer from it).
 * And docs/architecture.md's "A new page type" lists files that exist, as many as it says.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildAskIndex } from '../../src/server/ask/engine';
import { documentsFromCatalog } from '../../src/server/ask/documents';
import { contentTypes, defineContentType } from '../../src/server/catalog/content-types';
import { catalogFromFiles } from '../../src/server/catalog/from-files';
import { recordsOf, type Catalog, type RecordType } from '../../src/server/catalog/records';
import { siteRoutes } from '../../src/server/catalog/site-routes';
import { llmsFullTxt, llmsTxt } from '../../src/server/documents/llms';
import { markdownTwins } from '../../src/server/documents/markdown';
import { paths } from '../../src/server/base/urls';

const root = fileURLToPath(new URL('../..', import.meta.url));
const siteUrl = 'https://example.org';

/** A kind the site does not have: webinars, with a date and a host of their own. */
const webinar = defineContentType({
  type: 'webinar' as RecordType,
  collection: 'webinars',
  folder: 'webinars',
  schema: () => z.object({
    title: z.string(), description: z.string(), translationKey: z.string(), searchTerms: z.array(z.string()).optional(),
    date: z.coerce.date(), host: z.string(),
  }),
  path: (locale, slug) => `${paths.home(locale)}webinary/${slug}/`,
  drafts: false,
  detailPages: true,
  llms: { section: 'Webinars', fullTextRank: 6 },
  ask: { text: (record) => `prowadzi ${record.author}` },
  load(entries, context) {
    for (const entry of entries) context.add({ ...context.baseFields(entry), published: entry.data.date, author: entry.data.host });
  },
});
const types = [...contentTypes, webinar];

const entry = (title: string, key: string, host: string, body: string) =>
  `---\ntitle: ${title}\ndescription: Godzina o kopiach zapasowych dla małych organizacji, z pytaniami na końcu.\ntranslationKey: ${key}\ndate: 2026-10-01\nhost: ${host}\n---\n${body}\n`;

let folder: string;
let catalog: Catalog;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'content-types-'));
  // The site's content (its example questions left out: not needed here) and two webinars beside it.
  cpSync(join(root, 'content'), folder, { recursive: true, filter: (path) => !path.includes(`${join(root, 'content', 'questions')}`) });
  mkdirSync(join(folder, 'webinars', 'pl'), { recursive: true });
  mkdirSync(join(folder, 'webinars', 'en'), { recursive: true });
  writeFileSync(join(folder, 'webinars', 'pl', 'kopie-w-praktyce.md'), entry('Kopie zapasowe w praktyce', 'backups-live', 'Anna Zielińska', 'Pokazujemy na żywo odtwarzanie skrzynki pocztowej z kopii.'));
  writeFileSync(join(folder, 'webinars', 'en', 'backups-live.md'), entry('Backups in practice', 'backups-live', 'Anna Zielińska', 'We restore a mailbox from a backup, live.'));
  catalog = await catalogFromFiles(folder, { siteUrl, types });
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a content type registered once', () => {
  it('becomes records with their page, twin and translation', () => {
    const [pl] = recordsOf(catalog, 'webinar' as RecordType, 'pl');
    expect(pl).toMatchObject({
      id: 'webinar:pl:kopie-w-praktyce', key: 'backups-live', title: 'Kopie zapasowe w praktyce', path: '/webinary/kopie-w-praktyce/',
      url: `${siteUrl}/webinary/kopie-w-praktyce/`, markdownUrl: `${siteUrl}/webinary/kopie-w-praktyce.md`, author: 'Anna Zielińska',
    });
    expect(recordsOf(catalog, 'webinar' as RecordType, 'en').map((item) => item.path)).toEqual(['/en/webinary/backups-live/']);
  });

  it('gets a page of its own, whose language switch leads to its translation', () => {
    const route = siteRoutes(catalog, types).find((item) => item.path === '/webinary/kopie-w-praktyce/');
    expect(route).toMatchObject({ kind: 'webinar', locale: 'pl', alternatePath: '/en/webinary/backups-live/' });
    // Without the entry, no page: the routes come from the registry, not from a list of kinds.
    expect(siteRoutes(catalog).some((item) => item.path === '/webinary/kopie-w-praktyce/')).toBe(false);
  });

  it('has a Markdown twin and a section of llms.txt, and its twins are in llms-full.txt', () => {
    const twin = markdownTwins(catalog).get('/webinary/kopie-w-praktyce.md');
    expect(twin).toContain('# Kopie zapasowe w praktyce');
    expect(twin).toContain('Pokazujemy na żywo odtwarzanie skrzynki pocztowej z kopii.');
    const llms = llmsTxt(catalog, siteUrl, types);
    expect(llms).toContain(`## Webinars\n\n- [Kopie zapasowe w praktyce](${siteUrl}/webinary/kopie-w-praktyce.md): Godzina o kopiach`);
    // Its section comes where the registry puts it: after the site's own kinds, before the API.
    expect(llms.indexOf('## Webinars')).toBeGreaterThan(llms.indexOf('## Company'));
    expect(llms.indexOf('## Webinars')).toBeLessThan(llms.indexOf('## API and agents'));
    expect(llmsTxt(catalog, siteUrl)).not.toContain('Webinars');
    expect(llmsFullTxt(catalog, siteUrl, types)).toContain('We restore a mailbox from a backup, live.');
  });

  it('is searchable with /ask, with the words its hook adds to the body', () => {
    const documents = documentsFromCatalog(catalog, siteUrl, types);
    const document = documents.find((item) => item.id === 'webinar:pl:kopie-w-praktyce');
    expect(document).toMatchObject({ type: 'webinar', url: `${siteUrl}/webinary/kopie-w-praktyce/`, source: `${siteUrl}/webinary/kopie-w-praktyce.md` });
    expect(document?.body).toContain('prowadzi Anna Zielińska');
    const index = buildAskIndex({ documents, offTopic: [] });
    const found = index.search({ text: 'odtwarzanie skrzynki pocztowej na żywo', locale: 'pl', limit: 3 }).results.map((result) => result.document.id);
    expect(found[0]).toBe('webinar:pl:kopie-w-praktyce');
  });
});

describe('the catalog of content/ without a build', () => {
  it('refuses an entry its kind\'s schema refuses, naming the file', async () => {
    writeFileSync(join(folder, 'webinars', 'en', 'no-host.md'), '---\ntitle: No host\ndescription: x\ntranslationKey: no-host\ndate: 2026-10-02\n---\nBody.\n');
    try {
      await expect(catalogFromFiles(folder, { siteUrl, types })).rejects.toThrow(/content\/webinars\/en\/no-host\.md: .*host/s);
    } finally {
      rmSync(join(folder, 'webinars', 'en', 'no-host.md'));
    }
  });

  it('makes the records the site has: the shipped content, every kind, both languages', async () => {
    const shipped = await catalogFromFiles(join(root, 'content'), { siteUrl });
    for (const { type } of contentTypes) {
      expect(recordsOf(shipped, type, 'pl').length, type).toBeGreaterThan(0);
      expect(recordsOf(shipped, type, 'en').length, type).toBeGreaterThan(0);
    }
    expect(shipped.services.pl[0]?.priceFromNet).toBeTypeOf('number');
    expect(shipped.caseStudies?.en[0]?.services[0]?.url).toMatch(new RegExp(`^${siteUrl}/en/services/`));
  });
});

describe('the consumers of the registry', () => {
  // The modules that once listed the kinds themselves: each reads the registry now, so none names a kind.
  const consumers = ['src/content.config.ts', 'src/server/catalog/assemble.ts', 'src/server/catalog/from-files.ts', 'src/server/documents/llms.ts', 'src/server/ask/documents.ts', 'scripts/ask/relevance.mjs'];
  // A kind's record type or folder as a string value; the catalog's fields in type positions (`Catalog['pricing']`) are no kinds.
  const kinds = [...new Set(contentTypes.flatMap((type) => [type.type, type.folder]))];
  const named = (text: string) => kinds.filter((kind) => new RegExp(`(?<![[|<,] ?)'${kind}'(?!\\])`).test(text));

  it('finds a kind named as a value, not the catalog field of the same name', () => {
    expect(named("if (record.type === 'case_study') getCollection('pages')")).toEqual(['case_study', 'pages']);
    expect(named("Pick<Catalog, 'records' | 'pricing'>; Catalog['services']")).toEqual([]);
  });

  it.each(consumers)('%s names no content type', (path) => {
    expect(named(readFileSync(join(root, path), 'utf8'))).toEqual([]);
  });
});

describe('docs/architecture.md, "A new page type"', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## A new page type'));
  const steps = [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((match) => match[1]!);

  it('lists as many files as it says, each one that exists (a folder for a new file)', () => {
    const stated = Number(/\*\*(\d+) files\*\*/.exec(section)?.[1]);
    expect(steps.length).toBe(stated);
    expect(steps.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names the registry and every consumer that reads it', () => {
    for (const path of ['src/server/catalog/content-types/', 'src/server/catalog/assemble.ts', 'src/server/catalog/from-files.ts']) expect(section).toContain(`\`${path}\``);
  });
});
