/**
 * The schemas of the content collections (front matter of content/<collection>/<locale>/*.md(x)).
 * Pure zod, no Astro: src/content.config.ts registers them as collections, and the catalog's record
 * types (src/server/catalog/records.ts) are their outputs, so a field is declared once.
 */
import { z } from 'zod';
import { locales } from '../base/i18n';
import { askResultTypes } from './ask';

const slugLike = /^[a-z0-9-]+$/;

/** Fields every page-like entry has. */
const pageFields = {
  /** The page's title (H1 and <title>). */
  title: z.string().min(3).max(120),
  /** One or two sentences: meta description, summaries in lists, llms.txt notes, /ask results. */
  description: z.string().min(30).max(300),
  /** Same value in both languages: links an entry to its translation. */
  translationKey: z.string().regex(slugLike, 'lowercase letters, digits and hyphens'),
  /** Words people search with that the text does not use (synonyms, colloquial names): /ask indexes them with a high weight. */
  searchTerms: z.array(z.string().min(2).max(80)).max(30).optional(),
};

/**
 * A date as the front matter writes it: year-month-day, `2026-12-07`, and nothing else. `07.12.2026`
 * would be read month-first (12 July) by `Date`, so every other form is refused, never guessed; the
 * content check says which date to write. A YAML date (Astro's parser turns `2026-12-07` into one)
 * passes when it is a whole day.
 */
export const DATE_FORM = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-12-07` as that day at UTC midnight, or undefined when the text is no such day (2026-02-30). */
export function dayOf(text: string): Date | undefined {
  const match = DATE_FORM.exec(text);
  if (!match) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? undefined : date;
}

export const ContentDate = z.unknown().transform((value, context): Date => {
  if (value instanceof Date && !Number.isNaN(value.getTime()) && value.toISOString().endsWith('T00:00:00.000Z')) return value;
  const day = typeof value === 'string' ? dayOf(value) : undefined;
  if (day) return day;
  context.addIssue({ code: 'custom', message: 'a date is written year-month-day, e.g. 2026-12-07', params: { kind: 'date' } });
  return z.NEVER;
});

/** An object with no fields (`{}`) read as absent. */
const noneWhenEmpty = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0 ? undefined : value);

/** A tag: a slug, labelled per language in content/tags.json (the content check warns about one without a label). */
export const Tag = z.string().regex(slugLike, 'a tag is lowercase letters, digits and hyphens');

/** A service named by its translationKey (a case study's `services`), checked against the published services. */
export const ServiceKey = z.string().regex(slugLike);

/**
 * An article's front matter. `image` checks a picture file beside the article: Astro's `image()` in
 * content.config.ts; any schema in the pure form below (the catalog reads no cover).
 */
export function articleFrontmatter<Image extends z.ZodType>(image: Image) {
  return z.object({
    ...pageFields,
    /** First publication date (YYYY-MM-DD). */
    published: ContentDate,
    /** Date of the last substantive change. */
    updated: ContentDate.optional(),
    tags: z.array(Tag).min(1).max(8),
    /** The person who wrote it (page, JSON-LD Person, twin, RSS); unset, the studio signs. */
    author: z.string().min(2).optional(),
    /**
     * A picture above the text: a file next to the article (`./cover.jpg`) and what it shows, for people
     * who cannot see it. `cover: {}` is no cover: the form editor writes it when both fields are left empty.
     */
    cover: z.preprocess(noneWhenEmpty, z.object({ src: image, alt: z.string().min(5, 'describe what the picture shows (alt text)') }).optional()),
    /** Drafts are built nowhere; `npm run dev` shows them for a preview. */
    draft: z.boolean().default(false),
  });
}

export const ArticleFrontmatter = articleFrontmatter(z.string());

export const ServiceFrontmatter = z.object({
  ...pageFields,
  /** Position in lists (ascending). */
  order: z.number().int().min(0),
  /** What the client receives. */
  deliverables: z.array(z.string().min(3)).min(2),
  /** The steps of the work, in order. */
  process: z.array(z.object({ step: z.string().min(2), description: z.string().min(10) })).min(2),
  /** Typical duration in words, e.g. "4–8 tygodni". */
  duration: z.string().min(2),
  /**
   * The id of the pricing item whose price is the service's starting price (`accessibility-audit`):
   * the figure lives in the pricing file only, and every card, page, tool and JSON-LD reads it there.
   */
  priceItem: z.string().regex(slugLike, 'the id of an item of the pricing file, e.g. website-start').optional(),
  faq: z.array(z.object({ question: z.string().min(5), answer: z.string().min(10) })).min(2),
  tags: z.array(Tag).min(1).max(8),
  /** Drafts are built nowhere; `npm run dev` shows them for a preview. */
  draft: z.boolean().default(false),
});

/**
 * A case study's front matter: who the client was, what hurt, what was done, what changed in
 * figures, the client's words, pictures with alt text, and the services used (their
 * `translationKey`s, so each service page lists its cases). `image` as in `articleFrontmatter`.
 */
export function caseStudyFrontmatter<Image extends z.ZodType>(image: Image) {
  return z.object({
    ...pageFields,
    client: z.object({
      /** What kind of client, in words ("Fundacja edukacyjna", "Family-run bakery"). */
      type: z.string().min(3).max(80),
      /** Its size in words ("12 osób i 40 wolontariuszy"). */
      size: z.string().min(3).max(80),
      /** The sector, one of three the studio works for. */
      sector: z.enum(['ngo', 'business', 'education']),
    }),
    /** What hurt before the work, in one or two sentences. */
    problem: z.string().min(30).max(400),
    /** What was done, step by step. */
    work: z.array(z.string().min(10)).min(2).max(8),
    /** The outcome in figures: a short figure ("−62%", "4 h → 15 min") and what it measures. */
    results: z.array(z.object({ figure: z.string().min(1).max(24), label: z.string().min(5).max(120) })).min(2).max(6),
    /** The client's words and who said them. */
    quote: z.object({ text: z.string().min(20).max(400), author: z.string().min(3), role: z.string().min(3) }),
    /** Pictures: a file beside the case and what it shows (the first one heads the page and its card). */
    images: z.array(z.object({ src: image, alt: z.string().min(5, 'describe what the picture shows (alt text)') })).min(1).max(6),
    /** translationKeys of the services used (content/services); checked against the services by the catalog. */
    services: z.array(ServiceKey).min(1).max(5),
    published: ContentDate,
    /** Drafts are built nowhere; `npm run dev` shows them for a preview. */
    draft: z.boolean().default(false),
  });
}

export const CaseStudyFrontmatter = caseStudyFrontmatter(z.string());

/** How a price is charged. */
export const Billing = z.enum(['one_time', 'monthly', 'hourly']);

export const PriceItem = z.object({
  /** Stable id, same in both languages (used by tools and /ask). */
  id: z.string().regex(slugLike),
  name: z.string().min(2),
  summary: z.string().min(10),
  /** Net price in PLN; gross is computed with the file's vatRate. */
  priceNet: z.number().nonnegative(),
  billing: Billing,
  /** True when the price is a starting price ("od", "from"). */
  from: z.boolean().default(false),
  features: z.array(z.string().min(2)).default([]),
  /** translationKey of the service this price belongs to, if any. */
  service: ServiceKey.optional(),
});

export const PricingFrontmatter = z.object({
  ...pageFields,
  currency: z.literal('PLN').default('PLN'),
  /** VAT rate applied to every net price (0.23 in Poland). */
  vatRate: z.number().min(0).max(1),
  sections: z
    .array(
      z.object({
        id: z.string().regex(slugLike),
        title: z.string().min(2),
        intro: z.string().optional(),
        /** Words people ask about these prices with that the section does not use (/ask; like searchTerms). */
        searchTerms: z.array(z.string().min(2).max(80)).max(30).optional(),
        items: z.array(PriceItem).min(1),
      }),
    )
    .min(1),
  consultation: z.object({
    name: z.string().min(2),
    summary: z.string().min(10),
    priceNet: z.number().nonnegative(),
    durationMinutes: z.number().int().positive(),
  }),
});

/** Free-standing pages: privacy policy, webhook policy, about. */
export const PageFrontmatter = z.object({ ...pageFields });

/** Company facts, one file per locale (content/site/pl.md, en.md); the body is the home page intro. */
export const SiteFrontmatter = z.object({
  locale: z.enum(locales),
  name: z.string().min(2),
  /** One-line promise shown on the home page. */
  tagline: z.string().min(10),
  /** The llms.txt summary and the default meta description. */
  description: z.string().min(30).max(300),
  email: z.email(),
  phone: z.string().min(5),
  address: z.string().min(5),
  /** Polish tax id. */
  nip: z.string().regex(/^[0-9-]{10,13}$/),
  hours: z.string().min(5),
  languages: z.array(z.string()).min(1),
});

/** Where an example question came from and what it exercises (the relevance figures count by kind). */
export const questionKinds = ['paraphrase', 'topic', 'inflection', 'typo', 'no-diacritics', 'service', 'intent-pricing', 'intent-contact', 'intent-consultation', 'other-language'] as const;

/** One question of a page's file: as the visitor asked it, with where it came from. */
export const PageQuestion = z.strictObject({
  query: z.string().min(2).max(500),
  kind: z.enum(questionKinds),
  /** When and how the question was written (`2026-11-25 third fresh blind`). */
  added: z.string().optional(),
});

/**
 * A page's example questions: content/questions/<locale>/<file>.yaml, one file per page, its name
 * saying the page (src/server/ask/example-questions.ts). /ask indexes every question with its page,
 * so a page is also found by the words people ask it with (src/server/ask/README.md).
 */
export const PageQuestionsFile = z.strictObject({ questions: z.array(PageQuestion).min(1) });

/**
 * The `expected` of a question the site does not answer (content/questions/<locale>/off-topic.yaml):
 * /ask indexes it beside the pages' questions, and it votes for no page.
 */
export const OFF_TOPIC = 'off-topic';
export const isOffTopic = (expected: string) => expected.startsWith(`${OFF_TOPIC}:`);

/**
 * An example question with its language and the id of the /ask result that answers it
 * (`article:pl:kopie-zapasowe-3-2-1`, `pricing:en:pricing#websites`, `contact:pl`), or `off-topic:<locale>`
 * when nothing on the site does: what the catalog and /ask read.
 */
export const ExampleQuestion = PageQuestion.extend({
  locale: z.enum(locales),
  expected: z.string().regex(new RegExp(`^(${[...askResultTypes, OFF_TOPIC].join('|')}):(pl|en)(:[a-z0-9-]+(#[a-z0-9-]+)?)?$`), 'a result id such as article:pl:kopie-zapasowe-3-2-1'),
});
export type ExampleQuestion = z.infer<typeof ExampleQuestion>;
