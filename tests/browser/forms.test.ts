/**
 * The contact and newsletter forms in Chromium, as a visitor uses them: an empty submit points at
 * the first field to fix, a good one is sent through the form path (honeypot left empty, the
 * ALTCHA proof of work solved in the background, a person's few seconds of filling) and lands as
 * an ordinary mail; the newsletter's double opt-in is followed through the confirmation and the
 * unsubscribe pages, and the outcome of each step is announced.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeOnPages } from '../support/axe';
import { launchChromium } from '../support/browser';
import { readOutbox } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ CONTACT_EMAIL: 'owner@test.example' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the site forms in a browser', () => {
  it('contact: the form\'s script waits for the visitor\'s first input, then the form is ready', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await page.goto(`${server.url}/en/contact/`, { waitUntil: 'networkidle' });
    await sleep(500);
    const send = page.getByRole('button', { name: 'Send message' });
    // Loaded and idle, on the first screen, no input yet: the island's code is not even fetched.
    expect(scripts.filter((path) => path.includes('ContactForm'))).toEqual([]);
    expect(await send.isEnabled()).toBe(false);
    // A keyboard user's first Tab wakes it.
    await page.keyboard.press('Tab');
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(scripts.filter((path) => path.includes('ContactForm'))).toHaveLength(1);
    await page.close();
  });

  it('contact: the click that wakes the form also starts its proof of work', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/en/contact/`, { waitUntil: 'networkidle' });
    // One click into the first field and nothing else: the island hydrates after the focus moved in.
    await page.click('#contact-name');
    await expect.poll(() => page.evaluate(() => customElements.get('altcha-widget') !== undefined), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    await page.close();
  });

  it('contact: a topic in the address is filled in without any input', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/kontakt/?topic=Audyt%20dost%C4%99pno%C5%9Bci`);
    await expect.poll(() => page.inputValue('#contact-topic'), { timeout: 15_000 }).toBe('Audyt dostępności');
    expect(await page.getByRole('button', { name: 'Wyślij wiadomość' }).isEnabled()).toBe(true);
    await page.close();
  });

  it('contact: an empty submit focuses the name field, a filled one is sent and the form cleared', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/kontakt/`);
    const send = page.getByRole('button', { name: 'Wyślij wiadomość' });
    // The island wakes at the visitor's first input (client:input): here the pointer moving onto the button.
    await send.hover();
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Popraw zaznaczone pola.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 }).toBe('contact-name');
    expect(await page.locator('#contact-name-error').textContent()).toBe('To pole jest wymagane.');

    await page.fill('#contact-name', 'Anna Nowak');
    await page.fill('#contact-email', 'anna@example.org');
    await page.fill('#contact-message', 'Potrzebujemy nowej strony dla fundacji.');
    await sleep(3_000); // a person takes at least this long to write (the time trap)
    await send.click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Dziękujemy!/);
    expect(await page.inputValue('#contact-name')).toBe('');
    const mails = (await readOutbox(server.dataDir)).filter((mail) => mail.to.includes('owner@test.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.replyTo?.[0]?.address).toBe('anna@example.org');
    expect(mails[0]!.subject).toBe('[Kontakt] Wiadomość ze strony — Anna Nowak');
    expect(mails[0]!.header('x-spam-flag'), 'a person\'s message is not marked as spam').toBeUndefined();
    // The honeypot is out of sight and out of the tab order.
    const trap = page.locator('#contact-website');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.evaluate((element) => element.getBoundingClientRect().right <= 0)).toBe(true);
    await page.close();
  });

  it('newsletter: consent is required, then the confirmation mail, the link\'s confirm button, and the unsubscribe button', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/en/`);
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    // The island hydrates when it scrolls into view (client:visible).
    await subscribe.scrollIntoViewIfNeeded();
    await expect.poll(() => subscribe.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.fill('#newsletter-email', 'reader@example.org');
    await subscribe.click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Please correct the marked fields.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 }).toBe('newsletter-consent');

    await page.check('#newsletter-consent');
    // No pause here: a quick person (autofill, a tick, a click) is not taken for a bot; the form
    // waits out the time trap itself before it sends.
    await subscribe.click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Almost done!/);
    const row = () => {
      let db: DatabaseSync;
      try {
        db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
      } catch {
        return null; // no database yet
      }
      try {
        const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'list_contacts'").get();
        const found = table && db.prepare("SELECT locale, unsubscribed FROM list_contacts WHERE email = ? AND segment = 'newsletter'").get('reader@example.org');
        return found ? { ...found } : null;
      } finally {
        db.close();
      }
    };
    expect(row(), 'pending until the link is followed').toBeNull();
    const [confirmation] = (await readOutbox(server.dataDir)).filter((mail) => mail.to.includes('reader@example.org'));
    const link = (pattern: RegExp, text: string) => pattern.exec(text)![0].replace('http://localhost:4321', server.url);
    await page.goto(link(/https?:\/\/\S+\/en\/newsletter\/confirm\/\?token=\S+/, confirmation!.text));
    expect(row(), 'opening the link changes nothing').toBeNull();
    await page.getByRole('button', { name: 'Confirm the subscription' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription confirmed');
    expect(await page.getByRole('status').textContent()).toBe('reader@example.org is on the newsletter list. We have also sent you a short welcome message.');
    expect(row()).toEqual({ locale: 'en', unsubscribed: 0 });

    const welcome = (await readOutbox(server.dataDir)).find((mail) => mail.to.includes('reader@example.org') && mail.subject.startsWith('Welcome'))!;
    await page.goto(link(/https?:\/\/\S+\/en\/newsletter\/unsubscribe\/\?token=\S+/, welcome.text));
    expect(row(), 'opening the link changes nothing').toEqual({ locale: 'en', unsubscribed: 0 });
    await page.getByRole('button', { name: 'Unsubscribe me' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Unsubscribed');
    expect(await page.getByRole('status').textContent()).toBe('reader@example.org will get no more newsletters.');
    expect(row()).toEqual({ locale: 'en', unsubscribed: 1 });
    await page.close();
  });

  it('the pages of a mail\'s links in the state with their button pass axe-core (pl and en, 1280 px light and dark, 390 px)', async () => {
    // The server generated its link secret into DATA_DIR; links are signed as the mails sign them.
    const secret = readFileSync(join(server.dataDir, 'link-signing-secret'), 'utf8').trim();
    const sign = (purpose: string, data: Record<string, string>, expiresAt?: number) => {
      const body = Buffer.from(JSON.stringify({ p: purpose, d: data, ...(expiresAt ? { e: expiresAt } : {}) })).toString('base64url');
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    };
    const week = Date.now() + 7 * 86_400_000;
    const paths = [
      `/newsletter/potwierdz/?token=${sign('newsletter-confirm', { email: 'ola@example.org', locale: 'pl' }, week)}`,
      `/en/newsletter/confirm/?token=${sign('newsletter-confirm', { email: 'ola@example.org', locale: 'en' }, week)}`,
      `/newsletter/wypisz/?token=${sign('newsletter-unsubscribe', { email: 'ola@example.org', locale: 'pl' })}`,
      '/en/newsletter/confirm/?token=broken',
    ];
    const target = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const found = await axeOnPages(target, server.url, paths);
    await target.close();
    expect(found, found.join('\n')).toEqual([]);
  }, 300_000);
});
