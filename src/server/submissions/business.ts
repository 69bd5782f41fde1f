/** Who the site's mails speak for: the business name from content/site (never the host name). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Locale } from '../base/i18n';
import { getSettings } from '../base/settings';
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';

/**
 * The name in content/site/<locale>.md's front matter, read directly: the admin commands run outside
 * Astro, where the catalog (astro:content) does not load.
 */
async function nameFromSiteFile(locale: Locale): Promise<string | undefined> {
  try {
    const text = await readFile(join(process.cwd(), 'content/site', `${locale}.md`), 'utf8');
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
    const name = front ? (parse(front) as { name?: unknown })?.name : undefined;
    return typeof name === 'string' && name.trim() ? name.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The display name of the site's mails in a language (the string catalogue's, with the business name). */
export async function senderName(locale: Locale): Promise<string> {
  return fill(ui[locale].mail.sender, { business: await businessName(locale) });
}

/** The business name in a language; the host name only if neither the catalog nor the file can be read. */
export async function businessName(locale: Locale): Promise<string> {
  try {
    const { getCatalog } = await import('../catalog');
    return (await getCatalog()).site[locale].name;
  } catch {
    return (await nameFromSiteFile(locale)) ?? new URL(getSettings().SITE_URL).hostname;
  }
}
