/**
 * The catalog: content turned into typed records that pages, agent documents, /ask, MCP tools and
 * the chat all read. Built once per process (or per build) from the content collections.
 */
import { getSettings } from '../base/settings';
import { assembleCatalog } from './assemble';
import { resolveBodyImages } from './body-images';
import type { BaseData, ContentEntry } from './content-types';
import type { Catalog } from './records';

export * from './records';
export { splitEntryId } from './assemble';

export function absoluteUrl(path: string): string {
  return `${getSettings().SITE_URL}${path}`;
}

/** The catalog of Astro's collections: drafts only on the dev server, pictures in bodies at the built files. */
export async function buildCatalog(): Promise<Catalog> {
  // Loaded here, not at the top: every module may import the catalog (tools, /ask) and still load where
  // Astro's virtual modules do not exist (unit tests of the tool registry, the bench).
  const { getCollection } = await import('astro:content');
  const siteUrl = getSettings().SITE_URL;
  return assembleCatalog(
    {
      // The registry names its collections (src/content.config.ts makes them from it).
      entries: (collection) => getCollection(collection as 'articles') as Promise<Array<ContentEntry<BaseData>>>,
      site: () => getCollection('site'),
      questions: async () => (await getCollection('questions')).map((entry) => entry.data),
    },
    {
      siteUrl,
      drafts: Boolean(import.meta.env?.DEV),
      resolveBody: (body, folder, id) => resolveBodyImages(body, folder, id, siteUrl),
    },
  );
}

let catalogPromise: Promise<Catalog> | undefined;

/**
 * The catalog of this process, built on first use. The dev server builds it anew on every use (from
 * Astro's cached collections), so an editor's change shows at once in pages, documents and /ask.
 */
export function getCatalog(): Promise<Catalog> {
  if (import.meta.env?.DEV) return buildCatalog();
  catalogPromise ??= buildCatalog();
  return catalogPromise;
}
export * from './site-routes';
