/**
 * WebMCP in Chromium (`--enable-features=WebMCP`), through Playwright's `page.webmcp`: the pages
 * register the registry's tools with MCP's schemas and the page's language, a read tool answers
 * what the MCP server answers, a write tool sends only after the person confirmed, and a browser
 * without WebMCP loads no tool code.
 *
 * The browser sees the site at SITE_URL's origin (http://localhost:4321, the default the site was
 * built with); requests are answered by the test server, so the MCP endpoint's Origin check holds.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTool } from '../../src/server/tools/registry';
import { launchChromium } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const SITE = 'http://localhost:4321';
let server: TestServer;
let withWebMcp: Browser;
let without: Browser;

beforeAll(async () => {
  server = await startServer({ CONTACT_EMAIL: 'owner@test.example' });
  [withWebMcp, without] = await Promise.all([launchChromium(['--enable-features=WebMCP']), launchChromium()]);
});
afterAll(async () => {
  await Promise.all([withWebMcp?.close(), without?.close()]);
  await server?.stop();
});

/** A context whose requests to SITE_URL are answered by the test server; records the paths asked for. */
async function siteContext(browser: Browser): Promise<{ context: BrowserContext; requested: string[]; mcpBodies: unknown[] }> {
  const context = await browser.newContext();
  const requested: string[] = [];
  const mcpBodies: unknown[] = [];
  await context.route(`${SITE}/**`, async (route) => {
    const url = new URL(route.request().url());
    requested.push(url.pathname);
    if (url.pathname === '/mcp') mcpBodies.push(route.request().postDataJSON());
    try {
      await route.fulfill({ response: await route.fetch({ url: `${server.url}${url.pathname}${url.search}` }) });
    } catch (error) {
      // A request still in flight when the test closed its context has nobody left to answer.
      if (!/disposed|closed/i.test(String(error))) throw error;
    }
  });
  return { context, requested, mcpBodies };
}

async function openPage(browser: Browser, path: string) {
  const site = await siteContext(browser);
  const page = await site.context.newPage();
  await page.goto(`${SITE}${path}`);
  return { ...site, page };
}

async function toolsOf(page: Page) {
  await expect.poll(async () => (await page.webmcp.tools()).length, { timeout: 15_000 }).toBe(11);
  return page.webmcp.tools();
}

/** tools/call or tools/list on the MCP server itself, as an MCP client would send it. */
async function mcp(method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

const outboxSize = () => {
  try {
    return readdirSync(join(server.dataDir, 'outbox')).length;
  } catch {
    return 0;
  }
};

describe('WebMCP in a browser that has it', () => {
  it('registers every registry tool with the MCP schemas, the read-only hints and the page language', async () => {
    const { context, page } = await openPage(withWebMcp, '/en/services/');
    const registered = await toolsOf(page);
    const listed = (await mcp('tools/list')).tools as Array<{ name: string; inputSchema: unknown; annotations: { readOnlyHint: boolean } }>;
    expect(registered.map((tool) => tool.name).sort()).toEqual(listed.map((tool) => tool.name).sort());
    for (const tool of listed) {
      const mine = registered.find((candidate) => candidate.name === tool.name)!;
      expect(mine.inputSchema).toEqual(tool.inputSchema);
      expect(Boolean(mine.annotations?.readOnly)).toBe(tool.annotations.readOnlyHint);
    }
    expect(registered.find((tool) => tool.name === 'contact_submit')!.description).toBe(getTool('contact_submit')!.descriptions.en);
    await context.close();

    const polish = await openPage(withWebMcp, '/uslugi/');
    expect((await toolsOf(polish.page)).find((tool) => tool.name === 'contact_submit')!.description).toBe(getTool('contact_submit')!.descriptions.pl);
    await polish.context.close();
  });

  it('answers a read tool with what the MCP server answers for the same arguments', async () => {
    const { context, page } = await openPage(withWebMcp, '/cennik/');
    await toolsOf(page);
    const inPage = (await page.webmcp.callTool('services_list', { locale: 'en' })) as { structuredContent: unknown; isError?: boolean };
    const direct = await mcp('tools/call', { name: 'services_list', arguments: { locale: 'en' } });
    expect(inPage.isError).toBeFalsy();
    expect(inPage.structuredContent).toEqual(direct.structuredContent);
    await context.close();
  });

  it('defaults to the page: related articles on an article, its language, the service being viewed', async () => {
    const article = await openPage(withWebMcp, '/artykuly/kopie-zapasowe-3-2-1/');
    await toolsOf(article.page);
    const tags = (await article.page.getAttribute('body', 'data-page-tags'))!.split(' ');
    const result = (await article.page.webmcp.callTool('articles_recommend', {})) as { structuredContent: { articles: Array<{ tags: string[] }> } };
    const sent = article.mcpBodies.at(-1) as { params: { arguments: Record<string, unknown> } };
    expect(sent.params.arguments).toEqual({ locale: 'pl', tags });
    expect(result.structuredContent.articles.length).toBeGreaterThan(0);
    for (const related of result.structuredContent.articles) expect(related.tags.some((tag) => tags.includes(tag))).toBe(true);
    await article.context.close();

    const service = await openPage(withWebMcp, '/en/services/it-support/');
    await toolsOf(service.page);
    const title = await service.page.getAttribute('body', 'data-page-title');
    expect(title).toBeTruthy();
    const call = service.page.webmcp.callTool('service_inquiry_submit', { fullName: 'Ann Smith', email: 'ann@example.org' });
    const dialog = service.page.getByRole('dialog');
    // What will be sent names the service being viewed as the support area.
    await expect.poll(() => dialog.textContent()).toContain(`supportArea${title}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await call;
    await expect.poll(() => dialog.count()).toBe(0);
    expect(service.mcpBodies).toEqual([]);
    await service.context.close();
  });

  it('sends a write tool once after the person confirms what will be sent, and nothing when refused', async () => {
    const { context, page, mcpBodies } = await openPage(withWebMcp, '/kontakt/');
    await toolsOf(page);
    const before = outboxSize();
    const message = { name: 'Anna Nowak', email: 'anna@example.org', message: 'Potrzebujemy nowej strony dla fundacji.' };

    const refused = page.webmcp.callTool('contact_submit', message);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('anna@example.org');
    expect(await dialog.textContent()).toContain('Wiadomość kontaktowa');
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    expect(await refused).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/nic nie zostało wysłane/) }] });
    expect(mcpBodies).toEqual([]);
    expect(outboxSize()).toBe(before);

    const accepted = page.webmcp.callTool('contact_submit', message);
    await page.getByRole('dialog').getByRole('button', { name: 'Wyślij' }).click();
    const result = (await accepted) as { isError?: boolean; structuredContent: Record<string, unknown> };
    expect(result.isError).toBeFalsy();
    expect(mcpBodies).toHaveLength(1);
    expect(outboxSize()).toBe(before + 1);
    await context.close();
  });

  it('returns a refused call as an isError result with the message and hint', async () => {
    const { context, page } = await openPage(withWebMcp, '/en/contact/');
    await toolsOf(page);
    const call = page.webmcp.callTool('consultation_book', { fullName: 'Ann Smith', email: 'ann@example.org', timeZone: 'Europe/Warsaw', start: '2020-01-06T09:00:00Z' });
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    const result = (await call) as { isError?: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text.length).toBeGreaterThan(20);
    await context.close();
  });
});

describe('a browser without WebMCP', () => {
  it('registers nothing and loads no tool code', async () => {
    const { context, page, requested } = await openPage(without, '/artykuly/kopie-zapasowe-3-2-1/');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => 'modelContext' in document || 'modelContext' in navigator)).toBe(false);
    expect(requested.filter((path) => path.startsWith('/webmcp'))).toEqual([]);
    expect(requested.filter((path) => path.endsWith('.js'))).toEqual([]);
    await context.close();
  });
});
