/**
 * /llms.txt (llmstxt.org: H1, one-line blockquote summary, a paragraph, H2 sections of
 * `- [title](url): note` lines, an "Optional" section) and /llms-full.txt (all content in Markdown).
 * Pure functions of a catalog and the site's base URL.
 */
import { paths, type Locale } from '../i18n';
import { articlesOf, recordsOf, type Catalog, type CatalogRecord } from '../catalog/records';
import { routePaths, routes } from '../http/routes';
import { markdownTwinOf } from './markdown';
import { oneLine } from './format';

/** One link line; the format forbids `]` in titles and `)` in URLs, and a note is one line. */
export function linkLine(title: string, url: string, note?: string): string {
  const safeTitle = oneLine(title).replace(/[[\]]/g, '');
  const safeUrl = url.replace(/\)/g, '%29').replace(/\s/g, '%20');
  return `- [${safeTitle}](${safeUrl})${note ? `: ${oneLine(note)}` : ''}`;
}

const languageName: Record<Locale, string> = { pl: 'Polish', en: 'English' };

function recordLine(item: CatalogRecord): string {
  return linkLine(item.title, item.markdownUrl, `${item.summary} (${languageName[item.locale]})`);
}

function recordsOfBoth(pick: (locale: Locale) => CatalogRecord[]): string[] {
  return (['pl', 'en'] as const).flatMap((locale) => pick(locale).map(recordLine));
}

export function llmsTxt(catalog: Catalog, siteUrl: string): string {
  const pl = catalog.site.pl;
  const en = catalog.site.en;
  const url = (path: string) => `${siteUrl}${path}`;
  const routeLines = (section: 'api' | 'optional') =>
    routes.flatMap(({ path, llms }) => (llms?.section === section ? [linkLine(llms.title, url(llms.href ?? path), llms.note)] : []));
  const sections: Array<[string, string[]]> = [
    ['Services', recordsOfBoth((locale) => recordsOf(catalog, 'service', locale))],
    ['Case studies', recordsOfBoth((locale) => recordsOf(catalog, 'case_study', locale))],
    ['Articles', recordsOfBoth((locale) => articlesOf(catalog, locale))],
    ['Pricing', [
      linkLine('Pricing in both languages', url(routePaths.pricingMd), 'every package, plan and rate in PLN, net and gross with 23% VAT, and the free consultation'),
      ...recordsOfBoth((locale) => recordsOf(catalog, 'pricing', locale)),
    ]],
    ['Company', recordsOfBoth((locale) => recordsOf(catalog, 'page', locale))],
    ['API and agents', routeLines('api')],
    ['Optional', [
      ...routeLines('optional'),
      // Not routes of their own: a content page and the sitemap integration's output.
      linkLine('Webhook policy', url('/webhooks/'), 'no outbound webhooks today; what to use instead'),
      linkLine('Sitemap', url('/sitemap-index.xml'), 'every HTML page'),
    ]],
  ];
  const intro =
    `${en.name} (${pl.tagline.replace(/\.$/, '')}) publishes a bilingual site: Polish at ${url(paths.home('pl'))}, English at ${url(paths.home('en'))}. ` +
    'Every article, service, case study, pricing and company page has a Markdown twin at its URL with `.md` (listed below). ' +
    `Contact: ${en.email}, ${en.phone}. A free ${catalog.pricing.en.consultation.durationMinutes}-minute consultation can be booked through the MCP tools or ${url(paths.consultation('en'))}.`;
  const body = sections.filter(([, lines]) => lines.length).map(([title, lines]) => `## ${title}\n\n${lines.join('\n')}`);
  return `# ${en.name}\n\n> ${oneLine(en.description)}\n\n${intro}\n\n${body.join('\n\n')}\n`;
}

/** Every record of both languages as Markdown, Polish first, grouped by kind. */
export function llmsFullTxt(catalog: Catalog, siteUrl: string): string {
  const en = catalog.site.en;
  const parts = [`# ${en.name}\n\n> ${oneLine(en.description)}\n\nSource: ${siteUrl}/ (Polish), ${siteUrl}/en/ (English). Every section below is the Markdown twin of one page.`];
  for (const locale of ['pl', 'en'] as const) {
    const site = catalog.site[locale];
    parts.push(`# ${site.name} (${languageName[locale]})\n\n${site.tagline}\n\n${site.body.trim()}\n\n- E-mail: ${site.email}\n- Phone: ${site.phone}\n- Address: ${site.address}\n- NIP: ${site.nip}\n- Hours: ${site.hours}`);
    const ordered = [
      ...recordsOf(catalog, 'service', locale),
      ...recordsOf(catalog, 'pricing', locale),
      ...recordsOf(catalog, 'case_study', locale),
      ...articlesOf(catalog, locale),
      ...recordsOf(catalog, 'page', locale),
    ];
    for (const item of ordered) parts.push(markdownTwinOf(catalog, item).trim());
  }
  return `${parts.join('\n\n---\n\n')}\n`;
}
