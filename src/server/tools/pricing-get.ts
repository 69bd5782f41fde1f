/** pricing_get: the price list in PLN (net and gross) and the consultation link. */
import { getCatalog, recordsOf } from '../catalog';
import { formatNetGross, formatPrice } from '../base/money';
import { fault } from '../base/errors';
import { getSettings } from '../base/settings';
import { PricingGetInput, PricingGetOutput } from '../schemas/tools';
import { defineTool, toolTexts } from './tool';

export const pricingGet = defineTool({
  name: 'pricing_get',
  title: 'Get pricing',
  role: 'every price (net and gross, PLN)',
  ...toolTexts('pricing_get'),
  input: PricingGetInput,
  output: PricingGetOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  needsApproval: false,
  scope: 'mcp:read',
  example: { locale: 'pl' },
  async run(input) {
    const catalog = await getCatalog();
    const page = recordsOf(catalog, 'pricing', input.locale)[0];
    const pricing = catalog.pricing[input.locale];
    if (!page) throw fault('internal_error.no_prices');
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
    const text = [
      ...items.map((item) => `- ${item.name}: ${formatNetGross('net', item.net, input.locale, item.from)}, ${formatNetGross('gross', item.gross, input.locale, item.from)}`),
      `${pricing.consultation.name}: ${formatPrice(pricing.consultation.priceNet, input.locale)}, ${pricing.consultation.durationMinutes} min — ${bookingUrl}`,
    ].join('\n');
    return { data: structured, text };
  },
});
