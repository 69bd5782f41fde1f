/**
 * The pages /ask answers with that are no catalog record: the lists of all articles and of all case
 * studies, and the newsletter sign-up (a form on the home page). A visitor asks for them ("pokaż
 * wszystkie artykuły", "list of your case studies", "jak zapisać się na newsletter"); without a document
 * of their own such a question went to whichever article or flow shared a word. They are `page`
 * results, each with an id whose slug is its path's word (`page:pl:artykuly`), so their example
 * questions live in `content/questions/<locale>/page-<slug>.yaml` as every page's do.
 */
import { ui } from '../../i18n/ui.ts';
import { locales, type Locale } from '../base/i18n.ts';
import { markdownTwin, paths, segments } from '../base/urls.ts';
import type { AskDocument } from './documents.ts';
import { flowKeywords } from './flow-keywords.ts';

/** Where the home page's newsletter form starts (its heading's id, NewsletterSection.astro). */
const NEWSLETTER_ANCHOR = '#newsletter-heading';

type Listing = 'articles' | 'caseStudies' | 'newsletter';

/** The newsletter result's slug: the form has no page of its own, and the word is the same in both languages. */
const NEWSLETTER_SLUG = 'newsletter';

/** The slug of each listing's result id, per language: the word of its path (`artykuly`, `case-studies`). */
const slugOf: Record<Listing, Record<Locale, string>> = {
  articles: segments.articles,
  caseStudies: segments.caseStudies,
  newsletter: { pl: NEWSLETTER_SLUG, en: NEWSLETTER_SLUG },
};

/** The /ask result ids of the listings in a language (the content check knows them as pages). */
export function listingIds(locale: Locale): string[] {
  return (Object.keys(slugOf) as Listing[]).map((listing) => `page:${locale}:${slugOf[listing][locale]}`);
}

/** Every listing's id in both languages. */
export const allListingIds = (): string[] => locales.flatMap(listingIds);

/** The listings of one language, as /ask documents. */
export function listingDocuments(siteUrl: string, locale: Locale): AskDocument[] {
  const t = ui[locale];
  const absolute = (path: string) => `${siteUrl}${path}`;
  const document = (listing: Listing, title: string, summary: string, path: string, url = absolute(path)): AskDocument => ({
    id: `page:${locale}:${slugOf[listing][locale]}`,
    type: 'page',
    locale,
    key: `listing:${listing}`,
    title,
    summary,
    url,
    // The listings have Markdown twins (src/server/documents/page-twins.ts); the newsletter form is the home page's.
    source: absolute(path === '/' ? '/index.md' : markdownTwin(path)),
    tags: [],
    keywords: flowKeywords.listings[listing][locale],
    body: '',
  });
  return [
    document('articles', t.articles.title, t.articles.description, paths.articles(locale)),
    document('caseStudies', t.cases.title, t.cases.description, paths.caseStudies(locale)),
    document('newsletter', `${t.newsletterSection.eyebrow}: ${t.newsletterSection.heading}`, t.newsletterSection.lead, paths.home(locale), absolute(`${paths.home(locale)}${NEWSLETTER_ANCHOR}`)),
  ];
}
