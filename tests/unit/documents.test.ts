import { describe, expect, it } from 'vitest';
import { agentInstructions, agentInstructionsMarkdown } from '../../src/server/documents/agent-instructions';
import { formatPrice } from '../../src/server/documents/format';
import { linkLine, llmsFullTxt, llmsTxt } from '../../src/server/documents/llms';
import { markdownTwinOf, markdownTwins, pricingMarkdown } from '../../src/server/documents/markdown';
import { rssFeed, rssItems } from '../../src/server/documents/rss';
import { makeCatalog, siteUrl } from '../support/catalog-fixture';
import { parseLlmsTxt } from '../support/llms-txt';
import { statedCounts } from '../support/stated-counts';

const catalog = makeCatalog();

describe('llms.txt', () => {
  const text = llmsTxt(catalog, siteUrl);
  const parsed = parseLlmsTxt(text);

  it('follows the llmstxt.org structure: H1, one-line summary, sections, Optional last', () => {
    expect(parsed.title).toBe('Test Studio');
    expect(parsed.summary).toBe(catalog.site.en.description);
    expect(parsed.info).toMatch(/Polish at https:\/\/example.org\//);
    expect(Object.keys(parsed.sections)).toEqual(['Services', 'Articles', 'Pricing', 'Company', 'API and agents', 'Optional']);
  });

  it('links the Markdown twin of every record, with its summary as the note', () => {
    const urls = Object.values(parsed.sections).flat().map((link) => link.url);
    for (const record of catalog.records) expect(urls).toContain(record.markdownUrl);
    const service = parsed.sections.Services.find((link) => link.url === `${siteUrl}/uslugi/strony.md`);
    expect(service?.notes).toContain('Summary of strony in pl');
  });

  it('links the API and agent documents by absolute URL', () => {
    const urls = parsed.sections['API and agents'].map((link) => link.url.replace(siteUrl, ''));
    expect(urls).toEqual(expect.arrayContaining(['/openapi.json', '/api', '/api/error-format', '/mcp', '/ask', '/a2a', '/.well-known/agent-instructions.md', '/.well-known/mcp/server-card.json', '/.well-known/agent-card.json', '/.well-known/ai-plugin.json']));
  });

  it('keeps every link line parseable: absolute URLs, no brackets in titles', () => {
    for (const link of Object.values(parsed.sections).flat()) {
      expect(link.url).toMatch(/^https:\/\/example\.org\//);
      expect(link.title).not.toMatch(/[[\]]/);
    }
    expect(parsed.sections.Articles.map((link) => link.title)).toContain('Title with brackets');
  });

  it('is rejected by the strict parser when a section holds a non-link line', () => {
    expect(() => parseLlmsTxt(`${text}\nplain text under Optional\n`)).toThrow(/not a link item/);
    expect(() => parseLlmsTxt('no title')).toThrow(/H1/);
  });

  it('escapes a closing parenthesis in URLs and flattens notes to one line', () => {
    expect(linkLine('A', 'https://x.test/a)b', 'two\nlines')).toBe('- [A](https://x.test/a%29b): two lines');
  });
});

describe('Markdown twins', () => {
  it('give an article its title, source URL, summary, dates, tags and body without front matter', () => {
    const twin = markdownTwinOf(catalog, catalog.byId.get('article:pl:artykul-2')!);
    expect(twin.startsWith('# Artykuł 2\n\nŹródło: https://example.org/artykuly/artykul-2/\n\n> Summary of artykul-2')).toBe(true);
    expect(twin).toContain('Opublikowano: 2026-01-02');
    // Tags read as their labels (content/tags.json), not as URL slugs.
    expect(twin).toContain('Tagi: Strony, Bezpieczeństwo');
    expect(twin).toContain('Body of artykul-2.');
    expect(twin).not.toMatch(/^---$/m);
  });

  it('give a service its deliverables, process, duration, price net and gross, and FAQ', () => {
    const twin = markdownTwinOf(catalog, catalog.byId.get('service:en:websites')!);
    expect(twin).toContain('## What you get\n\n- A website\n- Training');
    expect(twin).toContain('1. **Talk**: We talk about goals.');
    expect(twin).toContain('4–8 weeks');
    expect(twin).toContain(`${formatPrice(4900, 'en')} net (${formatPrice(6027, 'en')} gross, VAT 23%)`);
    expect(twin).toContain('### How long?\n\nFour to eight weeks.');
  });

  it('give the pricing page tables with net and gross prices, escaped cells and the consultation', () => {
    const twin = markdownTwinOf(catalog, catalog.byId.get('pricing:pl:cennik')!);
    expect(twin).toContain('VAT 23%');
    expect(twin).toContain(`| Basic | Monthly support \\| for up to 5 people (remote help) | miesięcznie | ${formatPrice(500, 'pl')} | ${formatPrice(615, 'pl')} |`);
    expect(twin).toContain(`| od ${formatPrice(150, 'pl')} | od ${formatPrice(184.5, 'pl')} |`);
    expect(twin).toContain('Bezpłatna konsultacja');
    expect(twin).toContain('bezpłatnie');
  });

  it('exist for every record, keyed by the page path with .md', () => {
    const twins = markdownTwins(catalog);
    expect(twins.size).toBe(catalog.records.length);
    expect(twins.has('/en/pricing.md')).toBe(true);
    expect(twins.has('/cennik.md')).toBe(true);
    expect(twins.has('/artykuly/artykul-1.md')).toBe(true);
  });
});

describe('pricing.md and llms-full.txt', () => {
  it('pricing.md holds both languages with net and gross', () => {
    const text = pricingMarkdown(catalog);
    expect(text).toContain('# Cennik (pl)');
    expect(text).toContain('# Pricing (en)');
    expect(text).toContain(formatPrice(615, 'en'));
    expect(text).toContain(formatPrice(615, 'pl'));
  });

  it('llms-full.txt holds every record of both languages', () => {
    const text = llmsFullTxt(catalog, siteUrl);
    for (const record of catalog.records) expect(text).toContain(`# ${record.title}`);
    expect(text).toContain('hello@example.org');
  });
});

describe('agent instructions', () => {
  const tools = [
    { name: 'consultation_availability', kind: 'read' as const, purpose: 'Find free consultation slots' },
    { name: 'consultation_book', kind: 'write' as const, purpose: 'Book a consultation slot' },
  ];
  const oauthLimits = { registrationsPerHour: 20, codesPerHour: 60, unusedClientSeconds: 86_400 };
  const input = { siteUrl, bookingUrl: 'https://cal.example/book', oauthEnforcement: 'off' as const, oauthLimits, rateLimits: { subscribe: 5, unsubscribe: 5, contact: 5, mcp: 60, ask: 60, slots: 20, chat: 20 }, tools };
  const doc = agentInstructions(catalog, input);

  it('name the MCP endpoint and every tool, /ask, REST and rate limits', () => {
    expect(doc.mcp.endpoint).toBe('https://example.org/mcp');
    expect(doc.mcp.tools.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    expect(doc.ask.endpoint).toBe('https://example.org/ask');
    // From the route table's ask family: both forms of /ask, the A2A endpoint and its GET (where the card is).
    expect(doc.ask.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.url}`)).toEqual([
      'POST https://example.org/ask',
      'GET https://example.org/ask',
      'POST https://example.org/a2a',
      'GET https://example.org/a2a',
    ]);
    expect(doc.rateLimits.slots).toBe(20);
    expect(doc.content.counts.articles).toEqual({ pl: 8, en: 1 });
  });

  it('count the tools they are given, wherever they state a number of tools', () => {
    const markdown = agentInstructionsMarkdown(doc);
    const stated = statedCounts(markdown, 'tools');
    expect(stated.length).toBeGreaterThan(0);
    for (const { count, claim } of stated) expect(count, claim).toBe(tools.length);
  });

  it('describe the booking flow availability, confirmation, booking, with the link', () => {
    expect(doc.booking.flow.join(' ')).toMatch(/consultation_availability.*confirm.*consultation_book/s);
    expect(doc.booking.bookingUrl).toBe('https://cal.example/book');
  });

  it('render the same facts as Markdown', () => {
    const markdown = agentInstructionsMarkdown(doc);
    expect(markdown).toMatch(/^# Instructions for AI agents: Test Studio/);
    for (const tool of tools) expect(markdown).toContain(`| ${tool.name} | ${tool.kind} | ${tool.purpose} |`);
    expect(markdown).toContain('- slots: 20');
    expect(markdown).toContain('- GET https://example.org/ask: ');
    expect(markdown).toContain('- POST https://example.org/a2a: ');
    expect(markdown).toContain('https://cal.example/book');
  });

  it('tell agents a token is needed when enforcement is on', () => {
    expect(agentInstructions(catalog, { ...input, oauthEnforcement: 'write' }).authentication.note).toMatch(/bearer token/);
  });

  it('tell agents how to get a token: with enforcement on a person approves at approve_at; the hourly limits and client expiry', () => {
    const off = agentInstructions(catalog, input).authentication.howTo;
    expect(off).toContain('with the code as JSON');
    expect(off).not.toContain('approve_at');
    for (const level of ['write', 'all'] as const) {
      const howTo = agentInstructions(catalog, { ...input, oauthEnforcement: level }).authentication.howTo;
      expect(howTo).toContain('"approval_required": true');
      expect(howTo).toContain('open approve_at in a browser and press Allow');
    }
    expect(off).toContain('Registrations are limited to 20 and codes to 60 per hour per IP');
    expect(off).toContain('within 24 h is forgotten');
    expect(agentInstructionsMarkdown(doc)).toContain(off);
  });
});

describe('RSS items', () => {
  it('list the articles of one language newest first with absolute links', () => {
    const items = rssItems(catalog, 'pl');
    expect(items).toHaveLength(8);
    expect(items[0].link).toBe('https://example.org/artykuly/artykul-8/');
    expect(items[0].pubDate.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(rssItems(catalog, 'en').map((item) => item.categories)).toEqual([['security']]);
  });
});

describe('RSS feed', () => {
  it('is titled after the company with the language home as its site', () => {
    const feed = rssFeed(catalog, 'en', siteUrl);
    expect(feed.site).toBe('https://example.org/en/');
    expect(feed.title).toBe('Test Studio');
    expect(feed.customData).toBe('<language>en</language>');
    expect(feed.items).toHaveLength(1);
  });
});
