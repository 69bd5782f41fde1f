/**
 * Markdown twins: every article, service, case study, pricing and content page as plain Markdown (title, source
 * URL, summary, body; no front matter). Pure functions of a catalog.
 */
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';
import type { Locale } from '../base/i18n';
import { caseStudiesOfService, recordsOf, type Catalog, type CatalogRecord, type PricingData, type RecordType } from '../catalog/records';
import { billingLabel, formatDate, formatPrice, fromWord, isoDate, oneLine, vatPercent } from './format';
import { grossOf } from '../catalog/records';
import { tagLabel } from '../base/tag-labels';

/** Markdown table cells cannot hold pipes or line breaks. */
function cell(text: string): string {
  return oneLine(text).replace(/\|/g, '\\|');
}

function header(item: CatalogRecord): string {
  const w = ui[item.locale].markdown.record;
  return `# ${item.title}\n\n${w.source}: ${item.url}\n\n> ${oneLine(item.summary)}`;
}

/** The price tables of one locale's pricing (used by the pricing twin and /pricing.md). */
export function pricingTables(pricing: PricingData, locale: Locale, headingLevel = 2): string {
  const w = ui[locale].markdown.record;
  const hashes = '#'.repeat(headingLevel);
  const parts = [fill(w.pricesNote, { vat: vatPercent(pricing.vatRate) })];
  for (const section of pricing.sections) {
    parts.push(`${hashes} ${section.title}`);
    if (section.intro) parts.push(section.intro.trim());
    const rows = section.items.map((item) => {
      const from = item.from ? `${fromWord[locale]} ` : '';
      const features = item.features.length ? ` (${item.features.join('; ')})` : '';
      return `| ${cell(item.name)} | ${cell(item.summary + features)} | ${billingLabel[locale][item.billing]} | ${from}${formatPrice(item.priceNet, locale)} | ${from}${formatPrice(grossOf(item.priceNet, pricing.vatRate), locale)} |`;
    });
    parts.push([`| ${w.item} | ${w.description} | ${w.billing} | ${w.priceNet} | ${w.priceGross} |`, '|---|---|---|---:|---:|', ...rows].join('\n'));
  }
  const consultation = pricing.consultation;
  const price = consultation.priceNet === 0 ? w.free : `${formatPrice(consultation.priceNet, locale)} ${w.net} / ${formatPrice(grossOf(consultation.priceNet, pricing.vatRate), locale)} ${w.gross}`;
  parts.push(`${hashes} ${w.consultation}: ${consultation.name}`, `${oneLine(consultation.summary)} ${consultation.durationMinutes} ${w.minutes}, ${price}.`);
  return parts.join('\n\n');
}

function serviceDetails(catalog: Catalog, item: CatalogRecord): string {
  const w = ui[item.locale].markdown.record;
  const service = catalog.services[item.locale].find((entry) => entry.slug === item.slug);
  if (!service) return '';
  const parts = [
    `## ${w.deliverables}\n\n${service.deliverables.map((line) => `- ${line}`).join('\n')}`,
    `## ${w.process}\n\n${service.process.map((step, index) => `${index + 1}. **${step.step}**: ${oneLine(step.description)}`).join('\n')}`,
    `## ${w.duration}\n\n${service.duration}`,
  ];
  if (service.priceFromNet !== undefined) {
    const vat = catalog.pricing[item.locale]?.vatRate ?? 0.23;
    parts.push(`## ${w.priceFrom}\n\n${formatPrice(service.priceFromNet, item.locale)} ${w.net} (${formatPrice(grossOf(service.priceFromNet, vat), item.locale)} ${w.gross}, ${w.vat} ${vatPercent(vat)})`);
  }
  const cases = caseStudiesOfService(catalog, item.locale, service.translationKey);
  if (cases.length) parts.push(`## ${w.cases}\n\n${cases.map((entry) => `- [${entry.title}](${entry.url.replace(/\/$/, '.md')}): ${oneLine(entry.description)}`).join('\n')}`);
  parts.push(`## ${w.faq}\n\n${service.faq.map((entry) => `### ${entry.question}\n\n${entry.answer.trim()}`).join('\n\n')}`);
  return parts.join('\n\n');
}

/** A case study's facts in the order its page shows them: client, results, problem, work, (body), quote, pictures. */
function caseStudyDetails(catalog: Catalog, item: CatalogRecord): TwinParts {
  const w = ui[item.locale].markdown.record;
  const data = catalog.caseStudies?.[item.locale].find((entry) => entry.slug === item.slug);
  if (!data) return {};
  const head = [
    `${w.published}: ${isoDate(data.published)} (${formatDate(data.published, item.locale)})  \n${w.client}: ${data.client.type}  \n${w.size}: ${data.client.size}  \n${w.services}: ${data.services.map((service) => `[${service.title}](${service.url.replace(/\/$/, '.md')})`).join(', ')}`,
    `## ${w.results}\n\n${data.results.map((result) => `- **${result.figure}** ${oneLine(result.label)}`).join('\n')}`,
    `## ${w.problem}\n\n${oneLine(data.problem)}`,
    `## ${w.work}\n\n${data.work.map((step, index) => `${index + 1}. ${oneLine(step)}`).join('\n')}`,
  ].join('\n\n');
  const tail = [
    `## ${w.quote}\n\n> ${oneLine(data.quote.text)}\n>\n> — ${data.quote.author}, ${data.quote.role}`,
    `## ${w.images}\n\n${data.images.map((image) => `![${image.alt.replace(/[[\]]/g, '')}](${image.url})`).join('\n\n')}`,
  ].join('\n\n');
  return { head, tail };
}

/** What a kind's twin shows around the body: lines above it and below it (the page's facts in the page's order). */
interface TwinParts { head?: string; tail?: string }

/** The kinds whose twin shows more than title, source, summary and body. */
const twinParts: Partial<Record<RecordType, (catalog: Catalog, item: CatalogRecord) => TwinParts>> = {
  article: (_catalog, item) => {
    const w = ui[item.locale].markdown.record;
    const dates = [item.published && `${w.published}: ${isoDate(item.published)} (${formatDate(item.published, item.locale)})`, item.updated && `${w.updated}: ${isoDate(item.updated)}`].filter(Boolean);
    const facts = [...dates, ...(item.author ? [`${w.author}: ${item.author}`] : []), `${w.tags}: ${item.tags.map((tag) => tagLabel(item.locale, tag)).join(', ')}`].join('  \n');
    return { head: [facts, ...(item.cover ? [`![${item.cover.alt.replace(/[[\]]/g, '')}](${item.cover.url})`] : [])].join('\n\n') };
  },
  case_study: caseStudyDetails,
  service: (catalog, item) => ({ tail: serviceDetails(catalog, item) }),
  pricing: (catalog, item) => ({ tail: pricingTables(catalog.pricing[item.locale], item.locale) }),
};

/** The Markdown twin of one record: title, source and summary, its kind's head, the body, its kind's tail. */
export function markdownTwinOf(catalog: Catalog, item: CatalogRecord): string {
  const parts = twinParts[item.type]?.(catalog, item) ?? {};
  return `${[header(item), parts.head, item.body.trim(), parts.tail].filter(Boolean).join('\n\n')}\n`;
}

/** Every record that has a twin, keyed by the twin's site-relative path. */
export function markdownTwins(catalog: Catalog): Map<string, string> {
  return new Map(catalog.records.map((item) => [item.markdownPath, markdownTwinOf(catalog, item)]));
}

/** /pricing.md: the pricing of both languages, net and gross. */
export function pricingMarkdown(catalog: Catalog): string {
  const parts: string[] = [];
  for (const locale of ['pl', 'en'] as const) {
    const record = recordsOf(catalog, 'pricing', locale)[0];
    const pricing = catalog.pricing[locale];
    parts.push(`# ${pricing.title} (${locale})\n\n${ui[locale].markdown.record.source}: ${record?.url ?? ''}\n\n> ${oneLine(pricing.description)}\n\n${pricingTables(pricing, locale)}`);
  }
  return `${parts.join('\n\n---\n\n')}\n`;
}
