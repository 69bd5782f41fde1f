/**
 * The consultation page (/konsultacja/, which mounts <ConsultationBooking locale="pl" />) in real
 * Chromium: the island lists free slots in the browser's time zone, the visitor picks one, fills in
 * the form and books it, and sees the confirmation.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalFake } from '../support/cal-fake';
import { startServer, type TestServer } from '../support/server';

const PAGE = '/konsultacja/';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_SLOTS: '1000' });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('consultation booking in the browser', () => {
  it('picks a slot in the visitor time zone, books it and shows the confirmation', async () => {
    const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'pl-PL' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.goto(`${server.url}${PAGE}`);

    const firstSlot = page.locator('.cb-time input[type=radio]').first();
    await firstSlot.waitFor({ timeout: 15_000 });
    await expect(page.locator('.cb').textContent()).resolves.toContain('America/New_York');
    const start = await firstSlot.getAttribute('value');
    expect(start).toMatch(/-0[45]:00$/); // the slot is shown in the browser's zone
    const label = await firstSlot.getAttribute('aria-label');
    await page.locator('.cb-time').first().click();
    await page.getByLabel('Imię i nazwisko').fill('Ewa Zielińska');
    await page.getByLabel('E-mail').fill('ewa@example.com');
    await page.getByLabel('Telefon (opcjonalnie)').fill('+48 600 700 800');
    await page.getByLabel('O czym chcesz porozmawiać? (opcjonalnie)').fill('Automatyzacja faktur');
    await page.getByRole('button', { name: 'Zarezerwuj konsultację' }).click();

    const confirmation = page.getByTestId('consultation-confirmation');
    await confirmation.waitFor({ timeout: 15_000 });
    expect(await confirmation.textContent()).toContain(label!);
    expect(await page.getByRole('status').textContent()).toMatch(/Konsultacja zarezerwowana/);
    expect(readdirSync(join(server.dataDir, 'outbox')).length).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('tells the visitor when the picked slot was taken meanwhile and offers fresh slots', async () => {
    const context = await browser.newContext({ timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(`${server.url}${PAGE}`);
    const firstSlot = page.locator('.cb-time input[type=radio]').first();
    await firstSlot.waitFor({ timeout: 15_000 });
    const start = (await firstSlot.getAttribute('value'))!;
    // Someone else books the same slot through the API while the visitor fills in the form.
    const other = await fetch(`${server.url}/api/consultation/book`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Inna Osoba', email: 'inna@example.com', timeZone: 'Europe/Warsaw', start }),
    });
    expect(other.status).toBe(200);
    await page.locator('.cb-time').first().click();
    await page.getByLabel('Imię i nazwisko').fill('Ewa Zielińska');
    await page.getByLabel('E-mail').fill('ewa@example.com');
    await page.getByRole('button', { name: 'Zarezerwuj konsultację' }).click();
    await page.getByRole('alert').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').textContent()).toMatch(/został już zarezerwowany/);
    const offered = await page.locator('.cb-time input[type=radio]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(start);
    await context.close();
  });

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
