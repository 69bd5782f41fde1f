/**
 * The chat island in real Chromium against the built server and the fake OpenAI-compatible model:
 * no chat code before the launcher is clicked; a question with streamed text and a tool result;
 * a consultation picked from the time buttons, confirmed on the approval card, and booked; Escape,
 * focus and the tab-session memory; the daily cap and an unavailable chat explained or hidden.
 * Screenshots of every state at 1280 and 390 px in both languages go to /tmp/chat-shots/.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { lastToolResult, lastUserText, startModelFake, type ModelFake, type ModelRequest } from '../support/openai-fake';
import { startServer, type TestServer } from '../support/server';

const SHOTS = '/tmp/chat-shots';
let model: ModelFake;
let server: TestServer;
let browser: Browser;
let brokenCalls = 0;
let bookings = 0;

/** A small scripted assistant: services, availability, booking of the picked time, else a greeting. */
function assistant(request: ModelRequest) {
  const english = String(request.messages[0]?.content).includes('Answer in English');
  const result = lastToolResult(request);
  if (result) {
    if (result.name === 'services_list') return { text: english ? 'We offer these **services**:' : 'Oto nasze **usługi**:' };
    if (result.name === 'consultation_availability') return { text: english ? 'Here are the free times. Pick one.' : 'Oto wolne terminy. Wybierz jeden.' };
    if (result.name === 'consultation_book') return { text: english ? 'Your consultation is booked.' : 'Konsultacja zarezerwowana.' };
    return { text: 'OK.' };
  }
  const text = lastUserText(request);
  const locale = english ? 'en' : 'pl';
  if (/slow/.test(text)) return { hang: 'after-first-chunk' as const };
  // An answer with every kind of link target: only the http(s) one and the site path may become links.
  if (/evil\.example/.test(text)) {
    return { text: 'See [contact](/en/contact/), [docs](https://example.org/docs), [a](//evil.example/a), [b](/\\evil.example/b), [c](javascript:alert(1)) and [d](data:text/html,x).' };
  }
  // The server tries a failed model call twice; the visitor's retry then succeeds.
  if (/broken/.test(text) && brokenCalls++ < 2) return { fail: 500 };
  const start = /start: (\S+)\)/.exec(text)?.[1];
  // A new person each time: one address may hold only BOOKING_MAX_OPEN_PER_EMAIL upcoming consultations.
  if (start) return { toolCalls: [{ name: 'consultation_book', arguments: { fullName: 'Ewa Zielińska', email: `ewa${++bookings}@example.com`, timeZone: 'Europe/Warsaw', start, locale } }] };
  if (/servic|usług/i.test(text)) return { toolCalls: [{ name: 'services_list', arguments: { locale } }] };
  if (/consult|konsult/i.test(text)) return { toolCalls: [{ name: 'consultation_availability', arguments: { locale, timeZone: 'Europe/Warsaw', limit: 6 } }] };
  return { text: english ? 'Hello! I can tell you about our services, prices and articles, or book a consultation.' : 'Dzień dobry! Opowiem o usługach, cenach i artykułach albo umówię konsultację.' };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  model = await startModelFake(assistant);
  // Every booking here comes from one loopback client: its open-bookings limit is raised out of the way.
  server = await startServer({ CHAT_BASE_URL: model.url, CHAT_MODEL: 'fake-model', BOOKING_MAX_OPEN_PER_IP: '20' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await model?.close();
});

async function openPage(base: string, path: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, timezoneId: 'Europe/Warsaw' });
  const page = await context.newPage();
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.goto(`${base}${path}`);
  return { page, context, problems, scripts };
}

/** Waits until the locator's element holds the text (Playwright's own expect is not vitest's). */
const hasText = (locator: Locator, text: string | RegExp, timeout = 15_000) => locator.filter({ hasText: text }).first().waitFor({ timeout });

const launcherOf = (page: Page) => page.locator('.chat-launcher');
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

describe('the chat island', () => {
  it('loads no chat code until the launcher is clicked, then answers with streamed text and a tool result', async () => {
    const { page, context, problems, scripts } = await openPage(server.url, '/en/', 1280);
    await launcherOf(page).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    // The launcher is inline in the page; the chat's code is not fetched yet.
    expect(scripts.filter((path) => /\/_astro\/chat\./.test(path))).toEqual([]);
    await shot(page, 'en-1280-launcher');

    await launcherOf(page).click();
    const panel = page.getByRole('dialog', { name: 'Site assistant' });
    await panel.waitFor();
    expect(scripts.filter((path) => /\/_astro\/chat\.[^/]+\.js$/.test(path))).toHaveLength(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 }).toBe('sc-input');
    await shot(page, 'en-1280-open-empty');

    await page.getByRole('textbox', { name: 'Your message' }).fill('Hi there');
    await page.keyboard.press('Enter');
    await hasText(panel.locator('.sc-assistant .sc-text').last(), 'I can tell you about our services');

    await page.getByRole('textbox', { name: 'Your message' }).fill('What services do you offer?');
    await page.getByRole('button', { name: 'Send' }).click();
    const links = panel.locator('.sc-links a');
    await links.first().waitFor({ timeout: 15_000 });
    expect(await links.count()).toBeGreaterThan(1);
    expect(await links.first().getAttribute('href')).toMatch(/\/en\/services\//);
    await hasText(panel.locator('.sc-assistant .sc-text').last(), 'We offer these services');
    expect(await panel.locator('.sc-assistant .sc-text strong').last().textContent()).toBe('services');
    await shot(page, 'en-1280-services');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['en', '/en/', 1280, 'Consultation booked', 'Confirm', 'Site assistant'],
    ['pl', '/', 390, 'Konsultacja zarezerwowana', 'Potwierdzam', 'Asystent strony'],
    ['en', '/en/', 390, 'Consultation booked', 'Confirm', 'Site assistant'],
    ['pl', '/', 1280, 'Konsultacja zarezerwowana', 'Potwierdzam', 'Asystent strony'],
  ] as const)('books a consultation in %s: pick a time, confirm, see the booking (%s at %i px)', async (locale, path, width, bookedText, confirmText, title) => {
    const outbox = join(server.dataDir, 'outbox');
    const mails = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
    const mailsBefore = mails();
    const { page, context, problems } = await openPage(server.url, path, width);
    await launcherOf(page).click();
    const panel = page.getByRole('dialog', { name: title });
    await panel.waitFor();
    await page.locator('#sc-input').fill(locale === 'en' ? 'I would like a consultation' : 'Chcę umówić konsultację');
    await page.keyboard.press('Enter');
    const slot = panel.locator('.sc-slot').first();
    await slot.waitFor({ timeout: 15_000 });
    await shot(page, `${locale}-${width}-slots`);
    await slot.click();

    const card = panel.locator('.sc-approval');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Ewa Zielińska');
    expect(await card.textContent()).toMatch(/ewa\d+@example\.com/);
    // The card can show while the stream is still closing; the focus moves once the decision is possible.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 5_000 }).toBe('H3');
    await hasText(page.locator('.sc-status'), locale === 'en' ? 'Your confirmation is needed.' : 'Potrzebne Twoje potwierdzenie.');
    await shot(page, `${locale}-${width}-approval`);
    expect(mails()).toBe(mailsBefore);

    await card.getByRole('button', { name: confirmText }).click();
    const booked = panel.locator('.sc-success').filter({ hasText: bookedText });
    await booked.waitFor({ timeout: 15_000 });
    expect(await booked.textContent()).toContain('Europe/Warsaw');
    expect(await booked.textContent()).toMatch(/\d{1,2}:\d{2}/);
    await page.waitForTimeout(300);
    await shot(page, `${locale}-${width}-booked`);
    // The visitor's confirmation and the owner's notice.
    expect(mails()).toBe(mailsBefore + 2);

    // Escape closes and gives the focus back to the launcher; the conversation stays for the tab.
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 5_000 }).toBe('chat-launcher');
    await page.reload();
    await launcherOf(page).click();
    await hasText(page.locator('.sc-success'), bookedText);
    expect(await page.locator('.sc-success').filter({ hasText: bookedText }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([['en', '/en/', 1280], ['pl', '/', 390]] as const)('stops an answer and retries a failed one (%s)', async (locale, path, width) => {
    brokenCalls = 0;
    const { page, context } = await openPage(server.url, path, width);
    await launcherOf(page).click();
    await page.locator('#sc-input').fill('slow question');
    await page.keyboard.press('Enter');
    const stop = page.getByRole('button', { name: locale === 'en' ? 'Stop' : 'Zatrzymaj' });
    await stop.waitFor();
    await hasText(page.locator('.sc-status'), locale === 'en' ? 'The assistant is answering…' : 'Asystent odpowiada…');
    expect(await page.locator('.sc-log').getAttribute('aria-busy')).toBe('true');
    await shot(page, `${locale}-${width}-streaming`);
    await stop.click();
    await hasText(page.locator('.sc-status'), locale === 'en' ? 'Answer stopped.' : 'Zatrzymano odpowiedź.');

    await page.locator('#sc-input').fill('broken question');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain(locale === 'en' ? 'A service we rely on is not answering right now.' : 'Usługa, z której korzystamy, chwilowo nie odpowiada.');
    await shot(page, `${locale}-${width}-error`);
    await alert.getByRole('button', { name: locale === 'en' ? 'Try again' : 'Spróbuj ponownie' }).click();
    await hasText(page.locator('.sc-assistant .sc-text').last(), locale === 'en' ? 'I can tell you about' : 'Opowiem o usługach');
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('opens with the question of a ?chat= link (the /ask conversational result) and asks it once', async () => {
    const { page, context, problems } = await openPage(server.url, '/en/?chat=Which%20services%20do%20you%20offer%3F', 390);
    const panel = page.getByRole('dialog', { name: 'Site assistant' });
    await panel.waitFor({ timeout: 15_000 });
    await hasText(panel.locator('.sc-user'), 'Which services do you offer?');
    await panel.locator('.sc-links a').first().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the visitor's own ?chat= text as text, never as a link, and only safe links in the answer", async () => {
    const { page, context, problems } = await openPage(server.url, `/en/?chat=${encodeURIComponent('[x](https://evil.example)')}`, 1280);
    const panel = page.getByRole('dialog', { name: 'Site assistant' });
    await panel.waitFor({ timeout: 15_000 });
    await hasText(panel.locator('.sc-user'), '[x](https://evil.example)');
    await hasText(panel.locator('.sc-assistant'), 'See contact');
    expect(await panel.locator('.sc-user a').count()).toBe(0);
    expect(await panel.locator('a[href*="evil"]').count()).toBe(0);
    const answerLinks = await panel.locator('.sc-assistant a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(answerLinks).toEqual(['/en/contact/', 'https://example.org/docs']);
    // The refused targets are still there to read, as text.
    const answer = await panel.locator('.sc-assistant .sc-text').last().textContent();
    expect(answer).toContain('[a](//evil.example/a)');
    expect(answer).toContain('[c](javascript:alert(1))');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says why when the daily cap is reached, in the page language, at both widths', async () => {
    const capped = await startServer({ CHAT_BASE_URL: model.url, CHAT_MODEL: 'fake-model', CHAT_DAILY_REQUEST_CAP: '1' });
    const opened: Array<{ page: Page; context: Awaited<ReturnType<typeof openPage>>['context']; name: string; text: string }> = [];
    try {
      // All four open while the status still says available (a capped chat hides its launcher on the next page).
      for (const [locale, path, text] of [['pl', '/', 'dzisiejszy limit'], ['en', '/en/', "today's conversations"]] as const) {
        for (const width of [1280, 390]) {
          const { page, context } = await openPage(capped.url, path, width);
          await launcherOf(page).click();
          await page.locator('#sc-input').waitFor();
          opened.push({ page, context, name: `${locale}-${width}-cap`, text });
        }
      }
      // The first request of the day spends the cap of 1; every later one is refused with 429.
      const first = opened[0]!.page;
      await first.locator('#sc-input').fill('Dzień dobry');
      await first.keyboard.press('Enter');
      await first.locator('.sc-assistant .sc-text').first().waitFor({ timeout: 15_000 });
      // The answer has finished streaming (the island takes no new message while one streams).
      await first.getByRole('button', { name: 'Wyślij' }).waitFor({ timeout: 15_000 });
      for (const { page, name, text } of opened) {
        await page.locator('#sc-input').fill('Hello again');
        await page.keyboard.press('Enter');
        const alert = page.getByRole('alert');
        await alert.waitFor({ timeout: 15_000 });
        expect(await alert.textContent()).toContain(text);
        // Retrying today cannot help: the card leads to the contact form instead.
        expect(await alert.getByRole('link').getAttribute('href')).toMatch(/^\/(en\/contact|kontakt)\/$/);
        await shot(page, name);
      }
      const status = await (await fetch(`${capped.url}/api/chat/status`)).json();
      expect(status).toMatchObject({ available: false, reason: 'daily_cap_reached' });
    } finally {
      for (const { context } of opened) await context.close();
      await capped.stop();
    }
  }, 90_000);

  it('stays hidden when the chat is not configured', async () => {
    const off = await startServer();
    try {
      const { page, context, scripts } = await openPage(off.url, '/', 390);
      const status = await page.waitForResponse((response) => response.url().endsWith('/api/chat/status'));
      expect((await status.json()).available).toBe(false);
      await page.waitForTimeout(200);
      expect(await launcherOf(page).isVisible()).toBe(false);
      expect(scripts.some((path) => path.includes('/_astro/chat.'))).toBe(false);
      await context.close();
    } finally {
      await off.stop();
    }
  });
});
