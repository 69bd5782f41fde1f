/** services_list: what the business offers, with a starting price where there is one. */
import { ServicesListInput, ServicesListOutput } from '../schemas/tools';
import { defineTool } from './tool';

export const servicesList = defineTool({
  name: 'services_list',
  title: 'List services',
  labels: { pl: 'Usługi', en: 'Services' },
  description:
    'Lists the services offered (web design, IT support, automation, …) with a summary, typical duration, what the client receives, ' +
    'the starting net price in PLN and the page URL. Use it before suggesting a service or an inquiry. Read-only.',
  input: ServicesListInput,
  output: ServicesListOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: 'mcp:read',
  example: { locale: 'en' },
  async run(input) {
    const { getCatalog } = await import('../catalog');
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
    const from = input.locale === 'pl' ? 'od' : 'from';
    const text = services
      .map((service) => `- ${service.title}: ${service.summary}${service.priceFromNet !== undefined ? ` (${from} ${service.priceFromNet} PLN netto/net)` : ''} ${service.url}`)
      .join('\n');
    return { structured: { locale: input.locale, services }, text };
  },
});
