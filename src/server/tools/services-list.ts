/** services_list: what the business offers, with a starting price where there is one. */
import { getCatalog } from '../catalog';
import { formatNetGross } from '../base/money';
import { ServicesListInput, ServicesListOutput } from '../schemas/tools';
import { defineTool, toolTexts } from './tool';

export const servicesList = defineTool({
  name: 'services_list',
  title: 'List services',
  role: 'the services we offer, with their pages',
  ...toolTexts('services_list'),
  input: ServicesListInput,
  output: ServicesListOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  needsApproval: false,
  scope: 'mcp:read',
  example: { locale: 'en' },
  async run(input) {
    const catalog = await getCatalog();
    const services = catalog.services[input.locale].map((service) => ({
      slug: service.slug,
      title: service.title,
      summary: service.description,
      url: service.url,
      duration: service.duration,
      priceFromNet: service.priceFromNet,
      deliverables: service.deliverables,
      tags: service.tags,
    }));
    const text = services
      .map((service) => `- ${service.title}: ${service.summary}${service.priceFromNet !== undefined ? ` (${formatNetGross('net', service.priceFromNet, input.locale, true)})` : ''} ${service.url}`)
      .join('\n');
    return { data: { locale: input.locale, services }, text };
  },
});
