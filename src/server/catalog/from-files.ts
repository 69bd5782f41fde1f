/**
 * The catalog of content/ as written, without a build: what the scripts that measure /ask read
 * (scripts/ask/relevance.mjs and its neighbours), made by the same registry and assembly as the
 * site's. Front matter goes through the collections' schemas; pictures are not optimised here, so a
 * picture keeps the path it is written with and no size, and a body keeps its pictures' paths.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { parseEntryFile } from '../../editor/content-files';
import { loadExampleQuestions } from '../ask/example-questions';
import { locales } from '../base/i18n';
import { SiteFrontmatter } from '../schemas/content';
import { assembleCatalog, type CatalogOptions } from './assemble';
import { contentTypes, type BaseData, type ContentEntry, type Picture } from './content-types';
import type { Catalog } from './records';

// A picture's path as written, no size: nothing here is drawn.
const picture = z.string().transform((src): Picture => ({ src, width: 0, height: 0, format: src.split('.').pop() as Picture['format'] }));

function markdownFiles(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.sort().flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return /\.mdx?$/.test(name) ? [path] : [];
  });
}

function parsed<Schema extends z.ZodType>(schema: Schema, file: string, contentDir: string): { data: z.output<Schema>; body: string } {
  const { data, body } = parseEntryFile(readFileSync(file, 'utf8'));
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`content/${relative(contentDir, file)}: ${z.prettifyError(result.error)}`);
  return { data: result.data, body };
}

/** The catalog of a content folder (the site's is `content/` at the project's root). */
export function catalogFromFiles(contentDir: string, options: Pick<CatalogOptions, 'siteUrl'> & Partial<CatalogOptions>): Promise<Catalog> {
  const types = options.types ?? contentTypes;
  return assembleCatalog(
    {
      async entries(collection) {
        const type = types.find((entry) => entry.collection === collection)!;
        const schema = type.schema(picture);
        return locales.flatMap((locale) =>
          markdownFiles(join(contentDir, type.folder, locale)).map((file): ContentEntry<BaseData> => ({
            id: relative(join(contentDir, type.folder), file).split('\\').join('/').replace(/\.mdx?$/, ''),
            ...parsed(schema, file, contentDir),
          })),
        );
      },
      site: async () => locales.map((locale) => ({ id: locale, ...parsed(SiteFrontmatter, join(contentDir, 'site', `${locale}.md`), contentDir) })),
      questions: async () => loadExampleQuestions(contentDir),
    },
    { drafts: false, ...options, types },
  );
}
