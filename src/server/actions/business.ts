/** Who the site's mails speak for: the business name from content/site (never the host name). */
import type { Locale } from '../i18n';
import { getSettings } from '../settings';

/** The business name in a language; the host name only if the catalog cannot be read. */
export async function businessName(locale: Locale): Promise<string> {
  try {
    const { getCatalog } = await import('../catalog');
    return (await getCatalog()).site[locale].name;
  } catch {
    return new URL(getSettings().SITE_URL).hostname;
  }
}
