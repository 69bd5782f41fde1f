/**
 * The consent page in Chromium, as a person meets it when an MCP host sends them to authorize:
 * in Polish and English, at desktop and phone widths, Allow lands on the client's redirect URI
 * with a code that redeems (the page's CSP must let the form's redirect through), Deny lands there
 * with access_denied, and a bad redirect URI is shown, never followed.
 * Set SCREENSHOT_DIR to keep screenshots of every state.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { authorizeUrl, discover, insecure, register, startOAuthServer } from '../support/oauth';
import { freePort } from '../support/ports';
import type { TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let callback: Server;
let redirectUri: string;
let as: oauth.AuthorizationServer;
const received: URL[] = [];

beforeAll(async () => {
  server = await startOAuthServer();
  as = await discover(server);
  const port = await freePort();
  redirectUri = `http://127.0.0.1:${port}/callback`;
  callback = createServer((request, response) => {
    received.push(new URL(request.url!, redirectUri));
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the client');
  });
  await new Promise<void>((resolve) => callback.listen(port, '127.0.0.1', resolve));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  callback?.closeAllConnections();
  await new Promise((resolve) => callback?.close(resolve));
  await server?.stop();
});

async function shot(page: Page, name: string) {
  const directory = process.env.SCREENSHOT_DIR;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

const copy = {
  pl: { heading: 'Zgoda na dostęp', allow: 'Zezwól', deny: 'Odmów', scope: 'Pytania w\u00a0języku naturalnym do /ask.' },
  en: { heading: 'Allow access', allow: 'Allow', deny: 'Deny', scope: 'Natural-language queries at /ask.' },
} as const;

describe.each(['pl', 'en'] as const)('the consent page in %s', (locale) => {
  it.each([1280, 390])('at %i px: shows the client and scopes; Allow returns a code that redeems', async (width) => {
    const client = await register(as, { redirect_uris: [redirectUri], client_name: 'Claude Desktop' });
    const verifier = oauth.generateRandomCodeVerifier();
    const url = await authorizeUrl(as, client, verifier, { redirectUri, scope: 'mcp:read mcp:tools:inquiry ask:query', state: `st-${locale}-${width}` });
    const page = await browser.newPage({ viewport: { width, height: 800 }, locale: locale === 'pl' ? 'pl-PL' : 'en-GB' });
    await page.goto(url.href);
    expect(await page.getAttribute('html', 'lang')).toBe(locale);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(copy[locale].heading);
    expect(await page.textContent('main')).toContain('Claude Desktop');
    expect(await page.textContent('main')).toContain(copy[locale].scope);
    // Nothing overflows sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `consent-${locale}-${width}`);

    const before = received.length;
    await page.getByRole('button', { name: copy[locale].allow }).click();
    await page.waitForURL((target) => target.href.startsWith(redirectUri));
    const back = received[before]!;
    expect(back.searchParams.get('state')).toBe(`st-${locale}-${width}`);
    const parameters = oauth.validateAuthResponse(as, client, back, `st-${locale}-${width}`);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), parameters, redirectUri, verifier, insecure),
    );
    expect(tokens.scope).toBe('mcp:read mcp:tools:inquiry ask:query');
    await page.close();
  });

  it('Deny returns access_denied to the client', async () => {
    const client = await register(as, { redirect_uris: [redirectUri] });
    const url = await authorizeUrl(as, client, oauth.generateRandomCodeVerifier(), { redirectUri, parameters: { ui_locales: locale } });
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(url.href);
    await shot(page, `consent-${locale}-unnamed-all-scopes`);
    const before = received.length;
    await page.getByRole('button', { name: copy[locale].deny }).click();
    await page.waitForURL((target) => target.href.startsWith(redirectUri));
    expect(received[before]!.searchParams.get('error')).toBe('access_denied');
    await page.close();
  });

  it.each([1280, 390])('at %i px: a redirect URI that was not registered is shown, not followed', async (width) => {
    const client = await register(as, { redirect_uris: [redirectUri] });
    const url = await authorizeUrl(as, client, oauth.generateRandomCodeVerifier(), { redirectUri: 'https://evil.example/steal', parameters: { ui_locales: locale } });
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const response = await page.goto(url.href);
    expect(response!.status()).toBe(400);
    expect(page.url()).toBe(url.href);
    expect(await page.textContent('main')).toContain('redirect_uri');
    await shot(page, `consent-error-${locale}-${width}`);
    await page.close();
  });
});
