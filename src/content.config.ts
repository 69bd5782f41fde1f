/**
 * Content collections: the one source of the site, its agent documents, /ask, MCP and the chat.
 * Every entry lives at content/<collection>/<locale>/<slug>.md(x); the locale is the folder, the
 * slug the file name, and `translationKey` links an entry to its translation in the other locale.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { officeHoursCollection } from './server/scheduling/office-hours-schema';

const locale = z.enum(['pl', 'en']);

/** Fields every page-like entry has. */
const pageFields = {
  /** The page's title (H1 and <title>). */
  title: z.string().min(3).max(120),
  /** One or two sentences: meta description, summaries in lists, llms.txt notes, /ask results. */
  description: z.string().min(30).max(300),
  /** Same value in both languages: links an entry to its translation. */
  translationKey: z.string().regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and hyphens'),
};

const tag = z.string().regex(/^[a-z0-9-]+$/, 'a tag is lowercase letters, digits and hyphens');

const articles = defineCollection({
  loader: glob({ pattern: '{pl,en}/**/*.{md,mdx}', base: './content/articles' }),
  schema: z.object({
    ...pageFields,
    /** First publication date (YYYY-MM-DD). */
    published: z.coerce.date(),
    /** Date of the last substantive change. */
    updated: z.coerce.date().optional(),
    tags: z.array(tag).min(1).max(8),
    author: z.string().min(2).default('Zespół'),
    /** Drafts are built nowhere. */
    draft: z.boolean().default(false),
  }),
});

const services = defineCollection({
  loader: glob({ pattern: '{pl,en}/**/*.{md,mdx}', base: './content/services' }),
  schema: z.object({
    ...pageFields,
    /** Position in lists (ascending). */
    order: z.number().int().min(0),
    /** What the client receives. */
    deliverables: z.array(z.string().min(3)).min(2),
    /** The steps of the work, in order. */
    process: z.array(z.object({ step: z.string().min(2), description: z.string().min(10) })).min(2),
    /** Typical duration in words, e.g. "4–8 tygodni". */
    duration: z.string().min(2),
    /** Lowest net price in PLN, if the service has one (details on the pricing page). */
    priceFromNet: z.number().nonnegative().optional(),
    faq: z.array(z.object({ question: z.string().min(5), answer: z.string().min(10) })).min(2),
    tags: z.array(tag).min(1).max(8),
  }),
});

const priceItem = z.object({
  /** Stable id, same in both languages (used by tools and /ask). */
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(2),
  summary: z.string().min(10),
  /** Net price in PLN; gross is computed with the file's vatRate. */
  priceNet: z.number().nonnegative(),
  /** How the price is charged. */
  billing: z.enum(['one_time', 'monthly', 'hourly']),
  /** True when the price is a starting price ("od", "from"). */
  from: z.boolean().default(false),
  features: z.array(z.string().min(2)).default([]),
  /** translationKey of the service this price belongs to, if any. */
  service: z.string().optional(),
});

const pricing = defineCollection({
  loader: glob({ pattern: '{pl,en}/**/*.{md,mdx}', base: './content/pricing' }),
  schema: z.object({
    ...pageFields,
    currency: z.literal('PLN').default('PLN'),
    /** VAT rate applied to every net price (0.23 in Poland). */
    vatRate: z.number().min(0).max(1),
    sections: z
      .array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), title: z.string().min(2), intro: z.string().optional(), items: z.array(priceItem).min(1) }))
      .min(1),
    consultation: z.object({
      name: z.string().min(2),
      summary: z.string().min(10),
      priceNet: z.number().nonnegative(),
      durationMinutes: z.number().int().positive(),
    }),
  }),
});

/** Free-standing pages: privacy policy, webhook policy, about. */
const pages = defineCollection({
  loader: glob({ pattern: '{pl,en}/**/*.{md,mdx}', base: './content/pages' }),
  schema: z.object({ ...pageFields }),
});

/** Company facts, one file per locale (content/site/pl.md, en.md); the body is the home page intro. */
const site = defineCollection({
  loader: glob({ pattern: '{pl,en}.md', base: './content/site' }),
  schema: z.object({
    locale,
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
  }),
});

export const collections = { articles, services, pricing, pages, site, officeHours: defineCollection(officeHoursCollection) };
