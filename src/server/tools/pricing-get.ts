/** pricing_get: the price list in PLN (net and gross) and the consultation link. */
import { getCatalog, recordsOf } from '../catalog';
import { formatNetGross, formatPrice } from '../money';
import { fault } from '../errors';
import { getSettings } from '../settings';
import { PricingGetInput, PricingGetOutput } from '../schemas/tools';
import { defineTool } from './tool';

export const pricingGet = defineTool({
  name: 'pricing_get',
  title: 'Get pricing',
  role: 'every price (net and gross, PLN)',
  labels: { pl: 'Cennik', en: 'Pricing' },
  descriptions: {
    en:
      'Returns the price list in PLN: every item with net and gross price (VAT included in gross), billing (one_time, monthly, hourly) ' +
      'and whether it is a starting price, plus the free consultation and its booking link. Takes no required arguments. Read-only.',
    pl:
      'Zwraca cennik w PLN: każdą pozycję z ceną netto i brutto (brutto zawiera VAT), sposobem rozliczenia (one_time — jednorazowo, monthly — co miesiąc, hourly — za godzinę) ' +
      'i informacją, czy to cena początkowa („od”), a także bezpłatną konsultację i link do jej rezerwacji. Nie wymaga żadnych argumentów. Tylko odczyt.',
  },
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
