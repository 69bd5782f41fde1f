/** Title and description of every prerendered page (one place: the page head, og:image and JSON-LD use it). */
import type { Catalog, SiteRoute } from './index';
import type { Locale } from '../base/i18n';
import { tagLabel } from '../base/tag-labels';
import { fill } from '../../i18n/fill';
import { consultationLead, ui } from '../../i18n/ui';
import { getSettings } from '../base/settings';
import { countOf } from '../base/plural';

export function routeMeta(catalog: Catalog, route: SiteRoute): { title: string; description: string } {
  const strings = ui[route.locale];
  const company = catalog.site[route.locale];
  switch (route.kind) {
    case 'services': return { title: strings.nav.services, description: company.description };
    case 'articles': return { title: strings.articles.title, description: strings.articles.description };
    case 'tag': {
      const label = tagLabel(route.locale, route.tag);
      return {
        title: fill(strings.articles.tagTitle, { tag: label }),
        description: fill(strings.articles.tagDescription, { tag: label, articles: countOf(route.locale, route.items.length, strings.articles.articleCount) }),
      };
    }
    case 'caseStudies': return { title: strings.cases.title, description: strings.cases.description };
    case 'contact': return { title: strings.contact.title, description: strings.contact.description };
    case 'consultation': return { title: strings.consultation.title, description: consultationLead(route.locale, catalog.pricing[route.locale].consultation.summary, getSettings().CONSULTATION_LOCATION) };
    default: return { title: route.record!.title, description: route.record!.summary };
  }
}

/** The word over the title in a page's social image. */
export function kindLabel(locale: Locale, kind: SiteRoute['kind'] | 'home'): string {
  return ui[locale].imageKinds[kind];
}
