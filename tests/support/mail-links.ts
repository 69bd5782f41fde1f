/** What a person does with the links of the site's mails, as a browser without JavaScript would. */
import { expect } from 'vitest';

/**
 * A confirmation link: opens it (the page shows a button and changes nothing), then presses the
 * button, which posts the page's form. Returns the button's answer.
 */
export async function confirmByButton(link: string): Promise<Response> {
  const page = await fetch(link);
  const html = await page.text();
  expect(page.status, html.slice(0, 200)).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /<input type="hidden" name="token" value="([^"]+)"/.exec(html)?.[1];
  expect(action, 'the page has a form').toBeDefined();
  return fetch(new URL(action!.replaceAll('&amp;', '&'), link), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: token! }),
  });
}
