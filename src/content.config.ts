/**
 * Content collections: the one source of the site, its agent documents, /ask, MCP and the chat.
 * Every entry lives at content/<folder>/<locale>/<slug>.md(x); the locale is the folder, the
 * slug the file name, and `translationKey` links an entry to its translation in the other locale.
 * The schemas live in src/server/schemas/content.ts (pure zod), shared with the catalog's types.
 */
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { withPictureFilesInPreview } from './editor/preview-pictures';
import { loadExampleQuestions, QUESTIONS_FOLDER } from './server/ask/example-questions';
import { contentTypes } from './server/catalog/content-types';
import { ExampleQuestion, SiteFrontmatter } from './server/schemas/content';
import { officeHoursCollection } from './server/scheduling/office-hours-schema';

/** The example questions of content/questions/, numbered in the loader's order; reloaded when one of their files changes (`npm run dev`). */
const exampleQuestions: Loader = {
  name: 'example-questions',
  load: async ({ config, store, parseData, watcher, logger }) => {
    const content = fileURLToPath(new URL('content/', config.root));
    const sync = async () => {
      store.clear();
      for (const [at, question] of loadExampleQuestions(content).entries()) {
        const id = String(at + 1);
        store.set({ id, data: await parseData({ id, data: question }) });
      }
    };
    await sync();
    const folder = `${content}${QUESTIONS_FOLDER}/`;
    watcher?.add(folder);
    watcher?.on('all', async (_event, path) => {
      if (!path.startsWith(folder)) return;
      logger.info('Reloading the example questions');
      await sync();
    });
  },
};

// Under `npm run dev`, an entry whose picture file is missing is left out instead of failing every page.
const localized = (collection: string) => withPictureFilesInPreview(glob({ pattern: '{pl,en}/**/*.{md,mdx}', base: `./content/${collection}` }));

export const collections = {
  // One collection per content type of the registry (src/server/catalog/content-types/), typed by its
  // schema for the pages that read an entry (`getEntry`).
  ...(Object.fromEntries(
    contentTypes.map((type) => [type.collection, defineCollection({ loader: localized(type.folder), schema: ({ image }) => type.schema(image()) })]),
  ) as { [Type in (typeof contentTypes)[number] as Type['collection']]: { loader: Loader; schema: () => ReturnType<Type['schema']> } }),
  site: defineCollection({ loader: glob({ pattern: '{pl,en}.md', base: './content/site' }), schema: SiteFrontmatter }),
  officeHours: defineCollection(officeHoursCollection),
  questions: defineCollection({ loader: exampleQuestions, schema: ExampleQuestion }),
};
