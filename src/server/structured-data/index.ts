/**
 * schema.org JSON-LD of every page, generated from the catalog (never written by hand per page):
 * the business, each service with its offers (PLN, net and gross), articles, case studies, FAQs, breadcrumbs and
 * the pricing catalogue. Typed with schema-dts, so a misspelt property fails the type check; the
 * values are the ones the page shows (same catalog, same formatting of prices).
 */
import type { Article, BreadcrumbList, FAQPage, Offer, OfferCatalog, ProfessionalService, Service, WebPage, WebSite, WithContext } from 'schema-dts';
import { absoluteUrl, grossOf, translationOf, type Catalog, type CatalogRecord, type PricingItemData, type SiteRoute } from '../catalog';
import { otherLocale, type Locale } from '../base/i18n';
import { ogImagePath, paths, routePaths } from '../base/urls';
import { routeMeta } from '../catalog/page-meta';
import { tagLabel } from '../base/tag-labels';
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';

const context = 'https://schema.org' as const;
const languageTag: Record<Locale, string> = { pl: 'pl-PL', en: 'en-GB' };
const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

export const organizationId = () => absoluteUrl('/#organization');
const websiteId = (locale: Locale) => absoluteUrl(`${paths.home(locale)}#website`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** "ul. Przykładowa 12/4, 00-001 Warszawa[, Poland]" → its parts. */
function postalAddress(address: string) {
  const match = /^(.*?),\s*(\d{2}-\d{3})\s+([^,]+)/.exec(address);
  return {
    '@type': 'PostalAddress' as const,
    streetAddress: match?.[1] ?? address,
    ...(match ? { postalCode: match[2], addressLocality: match[3]!.trim() } : {}),
    addressCountry: 'PL',
  };
}

/** Opening hours from the site's words ("pon.–pt. 9:00–17:00", "Mon–Fri 9:00–17:00 (CET)"). */
function openingHours(hours: string) {
  const time = /(\d{1,2}:\d{2})\s*[–-]\s*(\d{1,2}:\d{2})/.exec(hours);
  if (!time || !/(pon|mon)/i.test(hours) || !/(pt|fri)/i.test(hours)) return undefined;
  const pad = (value: string) => value.padStart(5, '0');
  return [{ '@type': 'OpeningHoursSpecification' as const, dayOfWeek: [...weekdays], opens: pad(time[1]!), closes: pad(time[2]!) }];
}

export function businessJsonLd(catalog: Catalog, locale: Locale): WithContext<ProfessionalService> {
  const company = catalog.site[locale];
  const nip = company.nip.replace(/\D/g, '');
  return {
    '@context': context,
    '@type': 'ProfessionalService',
    '@id': organizationId(),
    name: company.name,
    description: company.description,
    slogan: company.tagline,
    url: absoluteUrl(paths.home(locale)),
    logo: absoluteUrl(routePaths.icon512),
    image: absoluteUrl(ogImagePath(paths.home(locale))),
    email: company.email,
    telephone: company.phone,
    address: postalAddress(company.address),
    taxID: company.nip,
    vatID: `PL${nip}`,
    areaServed: { '@type': 'Country', name: ui[locale].structuredData.country },
    knowsLanguage: ['pl', 'en'],
    openingHoursSpecification: openingHours(company.hours),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: ui[locale].structuredData.contactType,
      email: company.email,
      telephone: company.phone,
      availableLanguage: company.languages,
      url: absoluteUrl(paths.contact(locale)),
    },
  };
}

export function websiteJsonLd(catalog: Catalog, locale: Locale): WithContext<WebSite> {
  return {
    '@context': context,
    '@type': 'WebSite',
    '@id': websiteId(locale),
    name: catalog.site[locale].name,
    url: absoluteUrl(paths.home(locale)),
    inLanguage: languageTag[locale],
    publisher: { '@id': organizationId() },
  };
}

/** One price as an Offer: the net price, with the net and the gross price specifications. */
function offerOf(item: { name: string; priceNet: number; from: boolean; url: string }, vatRate: number, locale: Locale): Offer {
  const gross = grossOf(item.priceNet, vatRate);
  const spec = (price: number, included: boolean) => ({
    '@type': 'UnitPriceSpecification' as const,
    ...(item.from ? { minPrice: price } : { price }),
    priceCurrency: 'PLN',
    valueAddedTaxIncluded: included,
    name: included ? (locale === 'pl' ? 'brutto' : 'gross') : (locale === 'pl' ? 'netto' : 'net'),
  });
  return {
    '@type': 'Offer',
    name: item.name,
    url: item.url,
    price: item.priceNet,
    priceCurrency: 'PLN',
    priceSpecification: [spec(item.priceNet, false), spec(gross, true)],
    seller: { '@id': organizationId() },
  };
}

function pricingItemUrl(locale: Locale, item: PricingItemData): string {
  return absoluteUrl(`${paths.pricing(locale)}#${item.id}`);
}

export function serviceJsonLd(catalog: Catalog, record: CatalogRecord): WithContext<Service> {
  const locale = record.locale;
  const service = catalog.services[locale].find((entry) => entry.slug === record.slug)!;
  const pricing = catalog.pricing[locale];
  const items = pricing.sections.flatMap((section) => section.items).filter((item) => item.service === service.translationKey);
  const offers = items.length
    ? items.map((item) => offerOf({ name: item.name, priceNet: item.priceNet, from: item.from, url: pricingItemUrl(locale, item) }, pricing.vatRate, locale))
    : service.priceFromNet !== undefined
      ? [offerOf({ name: service.title, priceNet: service.priceFromNet, from: true, url: service.url }, pricing.vatRate, locale)]
      : [];
  return {
    '@context': context,
    '@type': 'Service',
    '@id': `${service.url}#service`,
    name: service.title,
    description: service.description,
    url: service.url,
    serviceType: service.title,
    inLanguage: languageTag[locale],
    provider: { '@id': organizationId() },
    areaServed: { '@type': 'Country', name: ui[locale].structuredData.country },
    ...(offers.length ? { offers } : {}),
  } as WithContext<Service>;
}

export function faqJsonLd(catalog: Catalog, record: CatalogRecord): WithContext<FAQPage> | undefined {
  const service = catalog.services[record.locale].find((entry) => entry.slug === record.slug);
  if (!service?.faq.length) return undefined;
  return {
    '@context': context,
    '@type': 'FAQPage',
    url: service.url,
    inLanguage: languageTag[record.locale],
    mainEntity: service.faq.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
  };
}

export function articleJsonLd(catalog: Catalog, record: CatalogRecord): WithContext<Article> {
  const locale = record.locale;
  const translation = translationOf(catalog, record, otherLocale(locale));
  return {
    '@context': context,
    '@type': 'BlogPosting',
    '@id': `${record.url}#article`,
    headline: record.title,
    description: record.summary,
    url: record.url,
    mainEntityOfPage: record.url,
    image: record.cover?.url ?? absoluteUrl(ogImagePath(record.path)),
    inLanguage: languageTag[locale],
    ...(record.published ? { datePublished: isoDay(record.published) } : {}),
    ...(record.updated ?? record.published ? { dateModified: isoDay((record.updated ?? record.published)!) } : {}),
    // The article's author as the front matter names them; the studio publishes.
    author: record.author ? { '@type': 'Person', name: record.author } : { '@type': 'Organization', '@id': organizationId(), name: catalog.site[locale].name, url: absoluteUrl(paths.home(locale)) },
    publisher: { '@type': 'Organization', '@id': organizationId(), name: catalog.site[locale].name, logo: { '@type': 'ImageObject', url: absoluteUrl(routePaths.icon512) } },
    keywords: record.tags.map((tag) => tagLabel(locale, tag)).join(', '),
    ...(translation ? { workTranslation: { '@type': 'BlogPosting', '@id': `${translation.url}#article`, url: translation.url, inLanguage: languageTag[translation.locale], headline: translation.title } } : {}),
  };
}

/**
 * A case study as an `Article`: what it is about are the studio's services it used (their `Service`
 * ids on the service pages), the client is mentioned as an organisation described by type and size,
 * its figures and quote are in the text the page shows.
 */
export function caseStudyJsonLd(catalog: Catalog, record: CatalogRecord): WithContext<Article> | undefined {
  const locale = record.locale;
  const data = catalog.caseStudies?.[locale].find((entry) => entry.slug === record.slug);
  if (!data) return undefined;
  const studio = { '@type': 'Organization' as const, '@id': organizationId(), name: catalog.site[locale].name, url: absoluteUrl(paths.home(locale)) };
  const translation = translationOf(catalog, record, otherLocale(locale));
  return {
    '@context': context,
    '@type': 'Article',
    '@id': `${record.url}#case-study`,
    headline: record.title,
    description: record.summary,
    url: record.url,
    mainEntityOfPage: record.url,
    genre: ui[locale].cases.title,
    inLanguage: languageTag[locale],
    datePublished: isoDay(data.published),
    image: data.images.map((image) => ({ '@type': 'ImageObject' as const, url: image.url, width: `${image.width}`, height: `${image.height}`, caption: image.alt })),
    author: studio,
    publisher: { ...studio, logo: { '@type': 'ImageObject', url: absoluteUrl(routePaths.icon512) } },
    about: data.services.map((service) => ({ '@type': 'Service' as const, '@id': `${service.url}#service`, name: service.title, url: service.url })),
    mentions: [{ '@type': 'Organization', description: `${data.client.type} (${data.client.size})` }],
    abstract: data.results.map((result) => `${result.figure} ${result.label}`).join('; '),
    ...(translation ? { workTranslation: { '@type': 'Article', '@id': `${translation.url}#case-study`, url: translation.url, inLanguage: languageTag[translation.locale], headline: translation.title } } : {}),
  };
}

export function pricingJsonLd(catalog: Catalog, record: CatalogRecord): WithContext<OfferCatalog> {
  const locale = record.locale;
  const pricing = catalog.pricing[locale];
  return {
    '@context': context,
    '@type': 'OfferCatalog',
    '@id': `${record.url}#catalog`,
    name: record.title,
    description: record.summary,
    url: record.url,
    provider: { '@id': organizationId() },
    itemListElement: pricing.sections.map((section) => ({
      '@type': 'OfferCatalog',
      name: section.title,
      ...(section.intro ? { description: section.intro } : {}),
      itemListElement: section.items.map((item) => ({
        ...offerOf({ name: item.name, priceNet: item.priceNet, from: item.from, url: pricingItemUrl(locale, item) }, pricing.vatRate, locale),
        description: item.summary,
        itemOffered: { '@type': 'Service', name: `${section.title}: ${item.name}`, provider: { '@id': organizationId() } },
      })),
    })),
  } as WithContext<OfferCatalog>;
}

/** Home → section → page, with the names the navigation uses. */
export function breadcrumbJsonLd(catalog: Catalog, route: SiteRoute): WithContext<BreadcrumbList> {
  const { locale } = route;
  const nav = ui[locale].nav;
  const title = routeMeta(catalog, route).title;
  const trail: Array<[string, string]> = [[catalog.site[locale].name, paths.home(locale)]];
  switch (route.kind) {
    case 'service': trail.push([nav.services, paths.services(locale)], [title, route.path]); break;
    case 'article': trail.push([nav.articles, paths.articles(locale)], [title, route.path]); break;
    case 'case_study': trail.push([ui[locale].cases.title, paths.caseStudies(locale)], [title, route.path]); break;
    case 'tag': trail.push([nav.articles, paths.articles(locale)], [tagLabel(locale, route.tag), route.path]); break;
    case 'articles':
      trail.push([nav.articles, paths.articles(locale)]);
      if (route.page > 1) trail.push([fill(ui[locale].articles.page, { page: route.page, count: route.pageCount }), route.path]);
      break;
    default: trail.push([title, route.path]);
  }
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({ '@type': 'ListItem', position: index + 1, name, item: absoluteUrl(path) })),
  };
}

function webPageJsonLd(catalog: Catalog, route: SiteRoute): WithContext<WebPage> {
  const meta = routeMeta(catalog, route);
  const type = route.kind === 'contact' ? 'ContactPage' : route.kind === 'page' && route.record?.key === 'about' ? 'AboutPage' : route.kind === 'articles' || route.kind === 'tag' || route.kind === 'services' || route.kind === 'caseStudies' ? 'CollectionPage' : 'WebPage';
  return {
    '@context': context,
    '@type': type,
    name: meta.title,
    description: meta.description,
    url: absoluteUrl(route.path),
    inLanguage: languageTag[route.locale],
    isPartOf: { '@id': websiteId(route.locale) },
    about: { '@id': organizationId() },
  } as WithContext<WebPage>;
}

/** Everything a prerendered page carries. */
export function structuredDataFor(catalog: Catalog, route: SiteRoute): object[] {
  const objects: object[] = [breadcrumbJsonLd(catalog, route)];
  switch (route.kind) {
    case 'service': {
      objects.push(serviceJsonLd(catalog, route.record));
      const faq = faqJsonLd(catalog, route.record);
      if (faq) objects.push(faq);
      break;
    }
    case 'article': objects.push(articleJsonLd(catalog, route.record)); break;
    case 'case_study': {
      const study = caseStudyJsonLd(catalog, route.record);
      if (study) objects.push(study);
      break;
    }
    case 'pricing': if (route.record) objects.push(pricingJsonLd(catalog, route.record)); break;
    case 'contact': case 'consultation': objects.push(webPageJsonLd(catalog, route), businessJsonLd(catalog, route.locale)); break;
    default: objects.push(webPageJsonLd(catalog, route));
  }
  return objects;
}

/** The home page: the business and the website. */
export function homeStructuredData(catalog: Catalog, locale: Locale): object[] {
  return [businessJsonLd(catalog, locale), websiteJsonLd(catalog, locale)];
}
