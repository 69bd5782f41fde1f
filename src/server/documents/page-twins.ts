/**
 * Markdown twins of the pages that are not catalog records: the home pages, the services and
 * articles indexes (and topic pages), contact and consultation. Pure functions of a catalog; the
 * twin of a page is its path with `.md` (the Polish home is `/index.md`).
 */
import { absoluteUrl, articlesOf, siteRoutes, type Catalog, type CatalogRecord, type SiteRoute } from '../catalog';
import { locales, type Locale } from '../base/i18n';
import { markdownTwin, paths, routePaths } from '../base/urls';
import { formatNetGross, formatPrice } from '../base/money';
import { routeMeta } from '../catalog/page-meta';
import { tagLabel } from '../base/tag-labels';
import { getSettings } from '../base/settings';
import { fill } from '../../i18n/fill';
import { consultationSteps, ui } from '../../i18n/ui';
import { formatDate, isoDate, oneLine } from './format';

/** The twin path of a page that is not a record. */
export function pageTwinPath(path: string): string {
  return path === '/' ? '/index.md' : markdownTwin(path);
}

const link = (title: string, path: string, note?: string) => `- [${title}](${absoluteUrl(path)})${note ? `: ${oneLine(note)}` : ''}`;

function head(title: string, path: string, summary: string, locale: Locale): string {
  return `# ${title}\n\n${ui[locale].markdown.record.source}: ${absoluteUrl(path)}\n\n> ${oneLine(summary)}`;
}

function servicesList(catalog: Catalog, locale: Locale): string {
  const t = ui[locale].service;
  return catalog.services[locale]
    .map((service) => link(service.title, service.path, `${service.description} (${ui[locale].markdown.page.duration}: ${service.duration}${service.priceFromNet !== undefined ? `; ${t.priceFrom.toLowerCase()} ${formatNetGross('net', service.priceFromNet, locale)}` : ''})`))
    .join('\n');
}

function caseStudyLines(catalog: Catalog, locale: Locale, limit?: number): string {
  return (catalog.caseStudies?.[locale] ?? []).slice(0, limit)
    .map((item) => link(item.title, item.path, `${item.client.type} · ${item.results.map((result) => `${result.figure} ${result.label}`).slice(0, 2).join('; ')}`))
    .join('\n');
}

function articleLines(items: CatalogRecord[], locale: Locale): string {
  return items
    .map((article) => link(article.title, article.path, `${article.published ? `${formatDate(article.published, locale)} (${isoDate(article.published)}) · ` : ''}${article.tags.map((tag) => tagLabel(locale, tag)).join(', ')} · ${article.summary}`))
    .join('\n');
}

export function homeTwin(catalog: Catalog, locale: Locale): string {
  const company = catalog.site[locale];
  const home = ui[locale].home;
  const w = ui[locale].markdown.page;
  const minutes = catalog.pricing[locale].consultation.durationMinutes;
  const starts = [paths.consultation(locale), paths.contact(locale), paths.pricing(locale)];
  return `${[
    head(company.name, paths.home(locale), company.tagline, locale),
    company.body.trim(),
    `## ${w.start}\n\n${home.start.map((way, index) => link(way.title, starts[index]!, fill(way.text, { minutes }))).join('\n')}`,
    `## ${w.services}\n\n${servicesList(catalog, locale)}`,
    `## ${w.work}\n\n${caseStudyLines(catalog, locale, 3)}`,
    `## ${home.howTitle}\n\n${home.how.map((step, index) => `${index + 1}. **${step.title}**: ${step.text}`).join('\n')}`,
    `## ${w.latest}\n\n${articleLines(articlesOf(catalog, locale).slice(0, 3), locale)}`,
  ].join('\n\n')}\n`;
}

function routeTwin(catalog: Catalog, route: SiteRoute): string | undefined {
  const { locale } = route;
  const w = ui[locale].markdown.page;
  const meta = routeMeta(catalog, route);
  const company = catalog.site[locale];
  switch (route.kind) {
    case 'services':
      return `${head(meta.title, route.path, meta.description, locale)}\n\n${servicesList(catalog, locale)}\n`;
    case 'caseStudies':
      return `${head(meta.title, route.path, meta.description, locale)}\n\n${caseStudyLines(catalog, locale)}\n`;
    case 'articles':
    case 'tag': {
      const parts = [head(meta.title, route.path, meta.description, locale), articleLines(route.items, locale)];
      if (route.kind === 'articles' && route.pageCount > 1) {
        parts.push(`## ${w.pages}\n\n${Array.from({ length: route.pageCount }, (_, index) => link(`${w.page} ${index + 1}`, paths.articles(locale, index + 1))).join('\n')}`);
      }
      return `${parts.join('\n\n')}\n`;
    }
    case 'contact': {
      const t = ui[locale].contact;
      return `${[
        head(meta.title, route.path, meta.description, locale),
        `## ${w.facts}\n\n- ${t.email}: ${company.email}\n- ${t.phone}: ${company.phone}\n- ${t.address}: ${company.address}\n- ${t.hours}: ${company.hours}\n- ${t.nip}: ${company.nip}`,
        `## ${w.form}\n\n${fill(w.formNote, { url: absoluteUrl(routePaths.contact) })}`,
        link(ui[locale].home.ctaButton, paths.consultation(locale)),
      ].join('\n\n')}\n`;
    }
    case 'consultation': {
      const offer = catalog.pricing[locale].consultation;
      const t = ui[locale].consultation;
      return `${[
        head(meta.title, route.path, meta.description, locale),
        `- ${t.duration}: ${offer.durationMinutes} ${w.minutes}\n- ${w.price}: ${offer.priceNet === 0 ? w.free : formatPrice(offer.priceNet, locale)}`,
        `## ${t.how}\n\n${consultationSteps(locale, getSettings().CONSULTATION_LOCATION).map((step, index) => `${index + 1}. ${step}`).join('\n')}`,
        `## ${w.booking}\n\n${fill(w.bookingNote, { slots: absoluteUrl(routePaths.slots), book: absoluteUrl(routePaths.book) })}`,
      ].join('\n\n')}\n`;
    }
    default:
      return undefined;
  }
}

/** Every page twin that is not a record's, keyed by its site-relative path. */
export function pageTwins(catalog: Catalog): Map<string, string> {
  const twins = new Map<string, string>();
  for (const locale of locales) twins.set(pageTwinPath(paths.home(locale)), homeTwin(catalog, locale));
  for (const route of siteRoutes(catalog)) {
    if ('record' in route && route.record) continue;
    const twin = routeTwin(catalog, route);
    if (twin) twins.set(pageTwinPath(route.path), twin);
  }
  return twins;
}
