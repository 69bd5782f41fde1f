/**
 * One price, one place: every surface that shows a service's starting price (its page and JSON-LD,
 * the home and services cards, /pricing.md, the MCP tools services_list and pricing_get, /ask) shows
 * the figure of the pricing file that the service names (`priceItem`), in both languages. Changing the
 * figure in the pricing file is thus the whole change; the content check refuses prose that still
 * quotes the old one (tests/unit/content-mistakes.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEntryFile } from '../../src/editor/content-files';
import { formatPrice } from '../../src/server/base/money';
import { jsonLdOf } from '../support/built-pages';
import { sharedServer } from '../support/shared-server';
import { callTool } from '../support/mcp-call';

const server = sharedServer();

type Locale = 'pl' | 'en';
const servicePaths = { pl: '/uslugi/', en: '/en/services/' };
const homes = { pl: '/', en: '/en/' };

/** What the content files say: each service's slug, its priceItem and that item's figure in the pricing file. */
function offers(locale: Locale) {
  const dir = join('content/pricing', locale);
  const pricing = parseEntryFile(readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8')).data as { sections: { items: { id: string; priceNet: number }[] }[] };
  const prices = new Map(pricing.sections.flatMap((section) => section.items).map((item) => [item.id, item.priceNet]));
  return readdirSync(join('content/services', locale)).map((file) => {
    const { data } = parseEntryFile(readFileSync(join('content/services', locale, file), 'utf8'));
    return { slug: file.replace(/\.mdx?$/, ''), item: String(data.priceItem), net: prices.get(String(data.priceItem))! };
  });
}

async function text(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

async function tool(name: string, args: object): Promise<any> {
  return (await callTool(server.url, name, args, { 'MCP-Protocol-Version': '2025-11-25' })).result.structuredContent;
}

/** The card of one service in a list page: the <li> that links to it. */
function cardOf(html: string, path: string): string {
  const at = html.indexOf(`href="${path}"`);
  expect(at, path).toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<li', at), html.indexOf('</li>', at));
}

describe.each(['pl', 'en'] as const)('the starting price of every service (%s)', (locale) => {
  it('is the pricing file figure on every surface', async () => {
    const list = offers(locale);
    expect(list.length).toBeGreaterThan(3);
    const [home, services, pricingMd] = await Promise.all([text(homes[locale]), text(servicePaths[locale]), text('/pricing.md')]);
    const listed = await tool('services_list', { locale });
    const priced = await tool('pricing_get', { locale });
    for (const { slug, item, net } of list) {
      const path = `${servicePaths[locale]}${slug}/`;
      const figure = formatPrice(net, locale);
      const page = await text(path);
      // The page's facts, and the JSON-LD offer of that pricing item.
      expect(/<dl class="facts">[\s\S]*?<\/dl>/.exec(page)![0]).toContain(`<strong>${locale === 'pl' ? `${figure} netto` : `${figure} net`}</strong>`);
      const service = jsonLdOf(page).find((node) => node['@type'] === 'Service')!;
      const offer = (service.offers as { url: string; price: number }[]).find((candidate) => candidate.url.endsWith(`#${item}`));
      expect(offer?.price, `${path} JSON-LD offer ${item}`).toBe(net);
      // The cards that link to it, on the home page and the services page.
      expect(cardOf(home, path)).toContain(figure);
      expect(cardOf(services, path)).toContain(figure);
      // The tools.
      expect(listed.services.find((entry: { slug: string }) => entry.slug === slug).priceFromNet).toBe(net);
      expect(priced.items.find((entry: { id: string }) => entry.id === item).net).toBe(net);
      // /pricing.md: the row of the item.
      expect(pricingMd).toMatch(new RegExp(`\\| [^|\\n]+ \\| [^\\n]*${figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
    console.log(`${locale}: ${list.map(({ slug, net }) => `${slug} ${formatPrice(net, locale)}`).join(', ')} — page, JSON-LD, cards, tools, /pricing.md agree`);
  });

  it('/ask answers a price question with the pricing file figure', async () => {
    const { net } = offers(locale).find((offer) => offer.item === 'accessibility-audit')!;
    const query = locale === 'pl' ? 'ile kosztuje audyt dostępności' : 'how much is an accessibility audit';
    const answer = await (await fetch(`${server.url}/ask?${new URLSearchParams({ query, locale })}`)).json();
    const texts = JSON.stringify(answer);
    console.log(`/ask ${locale} "${query}": ${answer.results.slice(0, 3).map((result: { id: string }) => result.id).join(', ')}`);
    expect(texts).toContain(formatPrice(net, locale));
  });
});
