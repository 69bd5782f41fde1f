/**
 * The pages' typography (src/server/base/typography.ts) applied to an HTML page, prerendered or served on
 * demand, in the language its <html lang> names; every other answer (JSON, Markdown, feeds, files,
 * event streams) passes untouched.
 */
import { isLocale } from '../base/i18n';
import { typesetHtml } from '../base/typography';

export async function typesetPage(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html') || !response.body) return response;
  const html = await response.text();
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(html.slice(0, 500))?.[1];
  if (!lang || !isLocale(lang)) return new Response(html, response);
  // The new Response copies status and headers once; only its length is no longer true.
  const typeset = new Response(typesetHtml(html, lang), response);
  typeset.headers.delete('content-length');
  return typeset;
}
