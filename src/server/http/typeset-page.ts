/**
 * The pages' typography (src/server/typography.ts) applied to a prerendered HTML page, in the language
 * its <html lang> names; every other answer (JSON, Markdown, feeds, files) passes untouched.
 */
import { isLocale } from '../i18n';
import { typesetHtml } from '../typography';

export async function typesetPage(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html') || !response.body) return response;
  const html = await response.text();
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(html.slice(0, 500))?.[1];
  if (!lang || !isLocale(lang)) return new Response(html, response);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(typesetHtml(html, lang), { status: response.status, statusText: response.statusText, headers });
}
