/**
 * Content collections: the one source of the site, its agent documents, /ask, MCP and the chat.
 * Every entry lives at content/<collection>/<locale>/<slug>.md(x); the locale is the folder, the
 * slug the file name, and `translationKey` links an entry to its translation in the other locale.
 * The schemas live in src/server/schemas/content.ts (pure zod), shared with the catalog's types.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import {
  articleFrontmatter,
  caseStudyFrontmatter,
  ExampleQuestion,
  exampleQuestionEntries,
  PageFrontmatter,
  PricingFrontmatter,
  ServiceFrontmatter,
  SiteFrontmatter,
} from './server/schemas/content';
import { officeHoursCollection } from './server/scheduling/office-hours-schema';

const localized = (collection: string) => glob({ pattern: '{pl,en}/**/*.{md,mdx}', base: `./content/${collection}` });

export const collections = {
  articles: defineCollection({ loader: localized('articles'), schema: ({ image }) => articleFrontmatter(image()) }),
  caseStudies: defineCollection({ loader: localized('case-studies'), schema: ({ image }) => caseStudyFrontmatter(image()) }),
  services: defineCollection({ loader: localized('services'), schema: ServiceFrontmatter }),
  pricing: defineCollection({ loader: localized('pricing'), schema: PricingFrontmatter }),
  pages: defineCollection({ loader: localized('pages'), schema: PageFrontmatter }),
  site: defineCollection({ loader: glob({ pattern: '{pl,en}.md', base: './content/site' }), schema: SiteFrontmatter }),
  officeHours: defineCollection(officeHoursCollection),
  questions: defineCollection({ loader: file('content/questions.json', { parser: exampleQuestionEntries }), schema: ExampleQuestion }),
};
