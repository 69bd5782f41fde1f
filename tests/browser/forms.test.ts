/**
 * The contact and newsletter forms in Chromium, as a visitor uses them: an empty submit points at
 * the first field to fix, a good one is sent through the API (the mail lands in the outbox, the
 * address on the list) and the outcome is announced in the live region.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ CONTACT_EMAIL: 'owner@test.example' });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the site forms in a browser', () => {
  it('contact: an empty submit focuses the name field, a filled one is sent and the form cleared', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/kontakt/`);
    const send = page.getByRole('button', { name: 'Wyślij wiadomość' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Popraw zaznaczone pola.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(await page.locator('#contact-name-error').textContent()).toBe('To pole jest wymagane.');

    await page.fill('#contact-name', 'Anna Nowak');
    await page.fill('#contact-email', 'anna@example.org');
    await page.fill('#contact-message', 'Potrzebujemy nowej strony dla fundacji.');
    await send.click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Dziękujemy!/);
    expect(await page.inputValue('#contact-name')).toBe('');
    const outbox = join(server.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));
    expect(mails.some((mail) => mail.includes('To: owner@test.example') && mail.includes('Reply-To: anna@example.org'))).toBe(true);
    await page.close();
  });

  it('newsletter: consent is required, then the address is subscribed', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/en/`);
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    // The island hydrates when it scrolls into view (client:visible).
    await subscribe.scrollIntoViewIfNeeded();
    await expect.poll(() => subscribe.isEnabled()).toBe(true);
    await page.fill('#newsletter-email', 'reader@example.org');
    await subscribe.click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Please correct the marked fields.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('newsletter-consent');

    await page.check('#newsletter-consent');
    await subscribe.click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Done!/);
    const db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    const row = db.prepare("SELECT locale, unsubscribed FROM list_contacts WHERE email = ? AND segment = 'newsletter'").get('reader@example.org');
    db.close();
    expect(row).toEqual({ locale: 'en', unsubscribed: 0 });
    await page.close();
  });
});
