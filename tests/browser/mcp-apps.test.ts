/**
 * The MCP Apps views inside a real host: Chromium runs ext-apps' own AppBridge (the host side of
 * the MCP Apps protocol, bundled with esbuild), which loads each ui:// resource read from the built
 * server into a sandboxed iframe. The view's `tools/call` requests go through the bridge to the
 * official SDK client in this process and on to the server, so the whole chain is real.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { build } from 'esbuild';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { launchChromium } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const BOOKING_URL = 'https://booking.test.example/consultation';
const root = fileURLToPath(new URL('../..', import.meta.url));

let server: TestServer;
let client: Client;
let browser: Browser;
let hostScript: string;
const html: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ BOOKING_URL, CONTACT_EMAIL: 'owner@test.example' });
  client = new Client({ name: 'apps-host-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  for (const uri of ['ui://site/service-inquiry', 'ui://site/consultation-booking']) {
    const { contents } = await client.readResource({ uri });
    html[uri] = (contents[0] as { text: string }).text;
  }
  const bundle = await build({
    stdin: {
      contents: `
        import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
        window.startHost = async (html, locale) => {
          const iframe = document.createElement('iframe');
          iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
          iframe.style.width = '600px'; iframe.style.height = '700px';
          iframe.srcdoc = html;
          document.body.append(iframe);
          const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { serverTools: {}, openLinks: {} }, { hostContext: { locale, theme: 'light' } });
          bridge.oncalltool = (params) => window.hostCallTool(params);
          bridge.onopenlink = async (params) => { window.openedLinks.push(params.url); return {}; };
          window.openedLinks = [];
          window.sizes = [];
          bridge.onsizechange = (size) => window.sizes.push(size);
          window.viewInitialized = new Promise((resolve) => { bridge.oninitialized = () => resolve(true); });
          await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
        };`,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  hostScript = bundle.outputFiles[0]!.text;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await client?.close();
  await server?.stop();
});

async function host(uri: string, locale: string): Promise<{ page: Page; calls: string[]; errors: string[] }> {
  const page = await browser.newPage();
  const calls: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.exposeFunction('hostCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) => {
    calls.push(params.name);
    return client.callTool(params);
  });
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: hostScript });
  await page.evaluate(([content, language]) => (window as unknown as { startHost: (h: string, l: string) => Promise<void> }).startHost(content!, language!), [html[uri], locale]);
  await page.waitForFunction(() => (window as unknown as { viewInitialized?: Promise<boolean> }).viewInitialized, null, { timeout: 10_000 });
  await page.evaluate(() => (window as unknown as { viewInitialized: Promise<boolean> }).viewInitialized);
  return { page, calls, errors };
}

async function outboxSubjects(): Promise<string[]> {
  return (await readOutbox(server.dataDir)).map((item) => item.subject);
}

describe('the service inquiry view in an MCP Apps host', () => {
  it('completes the ui/initialize handshake, shows English labels and sends the inquiry through the host', async () => {
    const { page, calls, errors } = await host('ui://site/service-inquiry', 'en-GB');
    const view = page.frameLocator('iframe');
    await expect.poll(() => view.locator('h1').textContent(), { timeout: 10_000 }).toBe('Service inquiry');
    await view.getByLabel('Full name').fill('Maria Curie');
    await view.getByLabel('E-mail').fill('maria@visitor.example');
    await view.getByLabel('What is the inquiry about?').fill('Automation');
    await view.getByLabel('Details (optional)').fill('Invoices from e-mail into the accounting system.');
    await view.getByRole('button', { name: 'Send inquiry' }).click();
    if (process.env.MCP_APPS_SCREENSHOTS) await page.screenshot({ path: `${process.env.MCP_APPS_SCREENSHOTS}/inquiry.png` });
    await expect.poll(() => view.locator('#status').textContent(), { timeout: 10_000 }).toMatch(/^Inquiry sent \(reference INQ-[A-Z0-9]{6}\)/);
    expect(calls).toEqual(['service_inquiry_submit']);
    const reference = /INQ-[A-Z0-9]{6}/.exec((await view.locator('#status').textContent())!)![0];
    expect((await outboxSubjects()).some((subject) => subject.includes(reference) && subject.includes('Automation'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sizes: unknown[] }).sizes.length)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('checks the fields before calling the tool, in Polish for a Polish host', async () => {
    const { page, calls } = await host('ui://site/service-inquiry', 'pl-PL');
    const view = page.frameLocator('iframe');
    await expect.poll(() => view.locator('h1').textContent(), { timeout: 10_000 }).toBe('Zapytanie o usługę');
    await view.getByLabel('Imię i nazwisko').fill('Al');
    await view.getByRole('button', { name: 'Wyślij zapytanie' }).click();
    await expect.poll(() => view.locator('#status').textContent(), { timeout: 10_000 }).toMatch(/min\. 3 znaki/);
    expect(calls).toEqual([]);
    await page.close();
  });
});

describe('the consultation booking view in an MCP Apps host', () => {
  it('asks for availability on its own and then books a slot or offers the booking link', async () => {
    const { page, calls, errors } = await host('ui://site/consultation-booking', 'en-US');
    const view = page.frameLocator('iframe');
    await expect.poll(() => calls.includes('consultation_availability'), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await view.locator('#linkOnly').isVisible()) || (await view.locator('button.slot').count()) > 0, { timeout: 10_000 }).toBe(true);
    if (process.env.MCP_APPS_SCREENSHOTS) await page.screenshot({ path: `${process.env.MCP_APPS_SCREENSHOTS}/booking.png` });
    if (await view.locator('#linkOnly').isVisible()) {
      expect(await view.locator('#bookingLink').textContent()).toBe(BOOKING_URL);
      expect(await view.locator('#status').isVisible()).toBe(false);
      await view.locator('#bookingLink').click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { openedLinks: string[] }).openedLinks)).toEqual([BOOKING_URL]);
    } else {
      await view.locator('button.slot').first().click();
      await view.getByLabel('Full name').fill('Ewa Nowak');
      await view.getByLabel('E-mail').fill('ewa@visitor.example');
      await view.getByRole('button', { name: 'Confirm booking' }).click();
      await expect.poll(() => calls.includes('consultation_book'), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => view.locator('#status').textContent(), { timeout: 10_000 }).toBeTruthy();
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
