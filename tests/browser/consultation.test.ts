/**
 * The consultation pages in real Chromium at 1280 and 390 px, both languages: the island shows free
 * slots a week at a time in the browser's time zone (named in words), the visitor moves between
 * weeks, is told inline what is missing, books a slot in the second week and sees once what was
 * booked; a slot taken meanwhile is said once with the fresh slots under it; an address that already
 * holds its upcoming consultations is told so in the page's language (screenshots of that state at
 * 1280 and 390 px in both languages go to /tmp/booking-shots/).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalFake } from '../support/cal-fake';
import { launchChromium } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const PAGE = '/konsultacja/';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('consultation booking in the browser', () => {
  it.each([
    [1280, '/konsultacja/', 'pl'],
    [390, '/en/consultation/', 'en'],
  ] as const)('at %i px (%s) browses to the next week, books a slot there and says once what was booked', async (width, path, lang) => {
    const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'pl-PL', viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.goto(`${server.url}${path}`);
    const t = lang === 'pl'
      ? { next: 'Następny tydzień', previous: 'Poprzedni tydzień', name: 'Imię i nazwisko', email: 'E-mail', submit: 'Zarezerwuj konsultację', booked: /Konsultacja zarezerwowana/, zone: 'czas wschodnioamerykański', where: 'Zadzwonimy do Ciebie: odpowiedz na e-mail z potwierdzeniem, podając numer telefonu.', step: 'zadzwonimy na podany numer' }
      : { next: 'Next week', previous: 'Previous week', name: 'Full name', email: 'E-mail', submit: 'Book the consultation', booked: /Consultation booked/, zone: 'Eastern Time', where: 'We will call you: reply to the confirmation e-mail with your phone number.', step: 'we call the number you gave' };
    // The last step says what happens at the default place, a phone call: no "call link" is promised.
    const lastStep = (await page.locator('ol.steps li').last().textContent())!;
    expect(lastStep).toContain(t.step);
    expect(lastStep).not.toMatch(/link/i);

    const firstSlot = page.locator('.cb-week .cb-time input[type=radio]').first();
    await firstSlot.waitFor({ timeout: 15_000 });
    // The time zone is named in words and by its IANA name.
    expect(await page.locator('.cb-zone').textContent()).toContain(t.zone);
    expect(await page.locator('.cb-zone').textContent()).toContain('America/New York');
    expect(await firstSlot.getAttribute('value')).toMatch(/-0[45]:00$/);
    const firstWeek = await page.locator('.cb-week-title').textContent();
    const firstWeekStarts = await page.locator('.cb-week input[type=radio]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

    // The next week: other days, other slots; and back again.
    await page.getByRole('button', { name: t.next }).click();
    await page.waitForFunction((title) => document.querySelector('.cb-week-title')?.textContent !== title && document.querySelector('.cb-week .cb-time'), firstWeek);
    const secondWeekStarts = await page.locator('.cb-week input[type=radio]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(secondWeekStarts.length).toBeGreaterThan(0);
    expect(secondWeekStarts.some((start) => firstWeekStarts.includes(start))).toBe(false);
    expect(secondWeekStarts.every((start) => start > firstWeekStarts.at(-1)!)).toBe(true);
    // Every slot of a full week is there, not the first 30 (the API pages by 30).
    expect(secondWeekStarts.length).toBeGreaterThan(30);
    await page.getByRole('button', { name: t.previous }).click();
    await page.waitForFunction((title) => document.querySelector('.cb-week-title')?.textContent === title, firstWeek);
    await page.getByRole('button', { name: t.next }).click();
    await page.waitForFunction((title) => document.querySelector('.cb-week-title')?.textContent !== title && document.querySelector('.cb-week .cb-time'), firstWeek);

    // Inline checks, no browser bubble: submitting empty names the missing slot and fields.
    await page.getByRole('button', { name: t.submit }).click();
    expect(await page.locator('.field-error').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('#cb-fullName').getAttribute('aria-invalid')).toBe('true');

    const chosen = page.locator('.cb-week .cb-time').nth(2);
    const label = await chosen.locator('input').getAttribute('aria-label');
    await chosen.click();
    await page.getByLabel(t.name).fill('Ewa Zielińska');
    await page.getByLabel(t.email, { exact: true }).fill('ewa@example.com');
    expect(await page.locator('.field-error').count()).toBe(0);
    await page.getByRole('button', { name: t.submit }).click();

    const confirmation = page.getByTestId('consultation-confirmation');
    await confirmation.waitFor({ timeout: 15_000 });
    const text = (await confirmation.textContent())!;
    expect(text).toContain(label!);
    expect(text).toMatch(t.booked);
    // One message in the page's language: the time with the visitor's zone named in words, and the
    // place as configured (a phone call; no number was given, so it asks for one). No offset leftovers.
    expect(text).toContain(`${label} (${t.zone})`);
    expect(text).toContain(t.where);
    expect(text).not.toMatch(/GMT|UTC|\+\d\d:\d\d/);
    console.log(`confirmation (${lang}, ${width} px): ${text}`);
    // Said once: no other element repeats the booking sentence, and focus is on it.
    expect(await page.getByText(t.booked).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 5_000 }).toBe('consultation-confirmation');
    expect(readdirSync(join(server.dataDir, 'outbox')).length).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says once that the picked slot was just taken and shows the fresh slots right under that sentence', async () => {
    const context = await browser.newContext({ timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(`${server.url}${PAGE}`);
    const firstSlot = page.locator('.cb-week .cb-time input[type=radio]').first();
    await firstSlot.waitFor({ timeout: 15_000 });
    const start = (await firstSlot.getAttribute('value'))!;
    // Someone else books the same slot through the API while the visitor fills in the form.
    const other = await fetch(`${server.url}/api/consultation/book`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Inna Osoba', email: 'inna@example.com', timeZone: 'Europe/Warsaw', start }),
    });
    expect(other.status).toBe(200);
    await page.locator('.cb-week .cb-time').first().click();
    // Another address than the bookings above: ewa@example.com already holds its two.
    await page.getByLabel('Imię i nazwisko').fill('Zofia Zielińska');
    await page.getByLabel('E-mail', { exact: true }).fill('zofia@example.com');
    await page.getByRole('button', { name: 'Zarezerwuj konsultację' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.count()).toBe(1);
    expect(await page.getByText(/został już zarezerwowany/).count()).toBe(1);
    // The fresh alternatives are inside the same alert, right after the sentence that points to them.
    const offered = await alert.locator('.cb-time input[type=radio]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(start);
    // The taken slot is gone from the week too; an alternative books.
    expect(await page.locator(`.cb-week input[value="${start}"]`).count()).toBe(0);
    await alert.locator('.cb-time').first().click();
    await page.getByRole('button', { name: 'Zarezerwuj konsultację' }).click();
    await page.getByTestId('consultation-confirmation').waitFor({ timeout: 15_000 });
    expect(await page.getByText(/został już zarezerwowany/).count()).toBe(0);
    await context.close();
  });

  it('tells an address that already holds its upcoming consultations so, in the page\'s language, after posting the form with its proof of work', async () => {
    const SHOTS = '/tmp/booking-shots';
    mkdirSync(SHOTS, { recursive: true });
    const limited = await startServer({ BOOKING_MAX_OPEN_PER_EMAIL: '1' });
    try {
      const slots = (await (await fetch(`${limited.url}/api/consultation/slots?limit=1`)).json()).slots as Array<{ start: string }>;
      const held = await fetch(`${limited.url}/api/consultation/book`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fullName: 'Pełna Skrzynka', email: 'pelna@example.com', timeZone: 'Europe/Warsaw', start: slots[0]!.start }),
      });
      expect(held.status).toBe(200);
      for (const [width, path, lang] of [[1280, '/konsultacja/', 'pl'], [390, '/konsultacja/', 'pl'], [1280, '/en/consultation/', 'en'], [390, '/en/consultation/', 'en']] as const) {
        const context = await browser.newContext({ timezoneId: 'Europe/Warsaw', locale: lang === 'pl' ? 'pl-PL' : 'en-GB', viewport: { width, height: width > 500 ? 900 : 844 } });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
        const posted: Array<{ type: string; body: URLSearchParams }> = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/api/consultation/book')) posted.push({ type: request.headers()['content-type'] ?? '', body: new URLSearchParams(request.postData() ?? '') });
        });
        await page.goto(`${limited.url}${path}`);
        await page.locator('.cb-week .cb-time').first().waitFor({ timeout: 15_000 });
        await page.locator('.cb-week .cb-time').nth(1).click();
        await page.getByLabel(lang === 'pl' ? 'Imię i nazwisko' : 'Full name').fill('Pełna Skrzynka');
        // Another spelling of the same mailbox.
        await page.getByLabel('E-mail', { exact: true }).fill('Pelna+druga@Example.com');
        await page.getByRole('button', { name: lang === 'pl' ? 'Zarezerwuj konsultację' : 'Book the consultation' }).click();
        const alert = page.locator('.cb-problem[role=alert]');
        await alert.waitFor({ timeout: 15_000 });
        expect(await alert.textContent()).toMatch(lang === 'pl' ? /^Na ten adres e-mail \(lub z tej sieci\) są już zarezerwowane/ : /^This e-mail address \(or network\) already has as many upcoming consultations/);
        expect(await page.getByTestId('consultation-confirmation').count()).toBe(0);
        // The site's form path: form-encoded, the honeypot empty, a proof of work solved in the page.
        expect(posted).toHaveLength(1);
        expect(posted[0]!.type).toMatch(/^application\/x-www-form-urlencoded/);
        expect(posted[0]!.body.get('website')).toBe('');
        expect(posted[0]!.body.get('altcha')?.length).toBeGreaterThan(100);
        await alert.scrollIntoViewIfNeeded();
        // The chosen time, the fields, the sentence and the button in one view.
        await page.locator('.cb-chosen').scrollIntoViewIfNeeded();
        await page.evaluate(() => document.querySelector('.cb-chosen')!.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: join(SHOTS, `limit-${lang}-${width}.png`) });
        // Chromium reports the refused request itself (409) on the console; nothing else may appear.
        expect(problems.filter((problem) => !/status of 409/.test(problem))).toEqual([]);
        await context.close();
      }
    } finally {
      await limited.stop();
    }
  }, 120_000);

  it('offers the booking link when the slot provider fails', async () => {
    const cal = await startCalFake();
    cal.fail = { path: '/v2/slots', status: 500, message: 'Internal server error' };
    const failing = await startServer({
      CAL_API_KEY: cal.apiKey,
      CAL_API_URL: cal.apiUrl,
      CAL_EVENT_TYPE_ID: String(cal.eventTypeId),
      BOOKING_URL: 'https://cal.com/example/awaryjny',
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${failing.url}${PAGE}`);
      const link = page.locator('.cb-fallback a');
      await link.waitFor({ timeout: 15_000 });
      expect(await link.getAttribute('href')).toBe('https://cal.com/example/awaryjny');
      expect(await page.getByRole('status').textContent()).toMatch(/Nie możemy teraz pokazać wolnych terminów/);
      expect(await page.locator('.cb-time').count()).toBe(0);
      await page.close();
    } finally {
      await failing.stop();
      await cal.close();
    }
  });
});
