/** case_studies_list and case_study_get: the studio's work, with the client, the result in figures and the services used. */
import { recordByPath, getCatalog, type Catalog, type CaseStudyData } from '../catalog';
import { fault } from '../base/errors';
import { CaseStudiesListInput, CaseStudiesListOutput, CaseStudyGetInput, CaseStudyGetOutput } from '../schemas/tools';
import { ui } from '../../i18n/ui';
import { defineTool, toolTexts } from './tool';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function summaryOf(catalog: Catalog, item: CaseStudyData) {
  return {
    slug: item.slug,
    title: item.title,
    summary: item.description,
    url: item.url,
    markdownUrl: recordByPath(catalog, item.path)!.markdownUrl,
    client: item.client,
    results: item.results,
    services: item.services.map(({ slug, title, url }) => ({ slug, title, url })),
    published: item.published.toISOString().slice(0, 10),
  };
}

const line = (item: CaseStudyData) => `- ${item.title} (${item.client.type}): ${item.results.map((result) => `${result.figure} ${result.label}`).join('; ')} ${item.url}`;

export const caseStudiesList = defineTool({
  name: 'case_studies_list',
  title: 'List case studies',
  role: 'work we have done (client, problem, results in figures)',
  ...toolTexts('case_studies_list'),
  input: CaseStudiesListInput,
  output: CaseStudiesListOutput,
  annotations: readOnly,
  needsApproval: false,
  scope: 'mcp:read',
  example: { locale: 'en', service: 'automation' },
  async run(input) {
    const catalog = await getCatalog();
    const items = (catalog.caseStudies?.[input.locale] ?? []).filter(
      (item) =>
        (!input.service || item.services.some((service) => service.slug === input.service || service.key === input.service)) &&
        (!input.sector || item.client.sector === input.sector),
    );
    const text = items.length ? items.map(line).join('\n') : ui[input.locale].tools.case_studies_list.none;
    return { data: { locale: input.locale, caseStudies: items.map((item) => summaryOf(catalog, item)) }, text };
  },
});

export const caseStudyGet = defineTool({
  name: 'case_study_get',
  title: 'Get a case study',
  role: 'one case study in full',
  ...toolTexts('case_study_get'),
  input: CaseStudyGetInput,
  output: CaseStudyGetOutput,
  annotations: readOnly,
  needsApproval: false,
  scope: 'mcp:read',
  example: { locale: 'en', slug: 'bakery-automation' },
  async run(input) {
    const catalog = await getCatalog();
    const list = catalog.caseStudies?.[input.locale] ?? [];
    const item = list.find((entry) => entry.slug === input.slug);
    if (!item) {
      throw fault('validation_failed.unknown_case_study', { locale: input.locale, slug: input.slug, known: list.map((entry) => entry.slug).join(', ') }, { field: 'slug' });
    }
    const record = recordByPath(catalog, item.path)!;
    const text = `${item.title} (${item.client.type}, ${item.client.size})\n${item.problem}\n${item.results.map((result) => `${result.figure} ${result.label}`).join('; ')}\n“${item.quote.text}” — ${item.quote.author}, ${item.quote.role}\n${item.url}`;
    return {
      data: {
        locale: input.locale,
        caseStudy: { ...summaryOf(catalog, item), problem: item.problem, work: item.work, quote: item.quote, images: item.images, body: record.body },
      },
      text,
    };
  },
});
