/** pricing_get: the price list in PLN (net and gross) and the consultation link. */
import { AppError } from '../errors';
import { getSettings } from '../settings';
import { PricingGetInput, PricingGetOutput } from '../schemas/tools';
import { defineTool } from './tool';

export const pricingGet = defineTool({
  name: 'pricing_get',
  title: 'Get pricing',
  labels: { pl: 'Cennik', en: 'Pricing' },
  description:
    'Returns the price list in PLN: every item with net and gross price (VAT included in gross), billing (one_time, monthly, hourly) ' +
    'and whether it is a starting price, plus the free consultation and its booking link. Takes no required arguments. Read-only.',
  input: PricingGetInput,
  output: PricingGetOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: 'mcp:read',
  example: { locale: 'pl' },
  async run(input) {
    const { getCatalog, recordsOf } = await import('../catalog');
    const catalog = await getCatalog();
    const page = recordsOf(catalog, 'pricing', input.locale)[0];
    const pricing = catalog.pricing[input.locale];
    if (!page) throw new AppError('internal_error', 'The price list is missing from the content.');
    const bookingUrl = getSettings().BOOKING_URL;
    const items = page.prices.map((price) => ({
      id: price.id,
      section: price.section,
      name: price.name,
      summary: price.summary,
      net: price.net,
      gross: price.gross,
      billing: price.billing,
      from: price.from,
      features: price.features,
    }));
    const structured = {
      locale: input.locale,
      currency: 'PLN' as const,
      vatRate: pricing.vatRate,
      items,
      consultation: { ...pricing.consultation, bookingUrl },
      pricingUrl: page.url,
      markdownUrl: page.markdownUrl,
    };
    const from = input.locale === 'pl' ? 'od ' : 'from ';
    const text = [
      ...items.map((item) => `- ${item.name}: ${item.from ? from : ''}${item.net} PLN netto/net, ${item.gross} PLN brutto/gross`),
      `${pricing.consultation.name}: ${pricing.consultation.priceNet} PLN, ${pricing.consultation.durationMinutes} min — ${bookingUrl}`,
    ].join('\n');
    return { structured, text };
  },
});
