/**
 * The collections' loader under `npm run dev` keeps a missing picture to its own page. Astro imports
 * every picture the entries name (a cover, a case study's images, an image in the body) from one module
 * shared by all pages, so one file that is not there would fail every page of the preview, /llms.txt
 * included, with a stack trace that names no entry. Here an entry whose picture file is missing is
 * left out of the store until the file is there: its page is not found, the banner of
 * ../integrations/preview-problems.ts says why, and every other page is served. A build never gets
 * here: the content check refuses a missing picture before Astro loads anything, so the loader wraps
 * the dev server's loading only (the one with a file watcher).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { reportLanguage } from './content-cli';
import { reportWords } from './messages';

/** How Astro's `image()` marks a picture in parsed data before the store turns it into an import. */
const pictureMark = '__ASTRO_IMAGE_';

type Entry = Parameters<LoaderContext['store']['set']>[0];

/** Every picture path an entry names: in its data (still marked) and in its body (`assetImports`). */
function picturePaths(entry: Pick<Entry, 'data' | 'assetImports'>): string[] {
  const found = new Set<string>(entry.assetImports ?? []);
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith(pictureMark)) found.add(value.slice(pictureMark.length));
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object' && !(value instanceof Date)) Object.values(value).forEach(walk);
  };
  walk(entry.data);
  return [...found].filter((src) => !/^[a-z][a-z\d+.-]*:/i.test(src));
}

/** The files of those paths that do not exist, as absolute paths (a path is read beside the entry, as the content check reads it). */
function missingFiles(root: string, entry: Pick<Entry, 'data' | 'assetImports' | 'filePath'>): string[] {
  if (!entry.filePath) return [];
  const folder = dirname(join(root, entry.filePath));
  return picturePaths(entry)
    .map((src) => resolve(folder, src))
    .filter((file) => !existsSync(file));
}

export function withPictureFilesInPreview(inner: Loader): Loader {
  return {
    ...inner,
    load: async (context) => {
      const { watcher, store, logger } = context;
      if (!watcher) return inner.load(context);
      const root = fileURLToPath(context.config.root);
      /** Entries left out, by id: their content file and the picture files they wait for. */
      const waiting = new Map<string, { file: string; missing: string[] }>();
      // The inner loader's own reaction to a changed content file, called again once a picture appears.
      const reloads: Array<(path: string) => unknown> = [];
      const watching = new Proxy(watcher, {
        get(target, property) {
          if (property === 'on') {
            return (event: string, listener: (...args: unknown[]) => unknown) => {
              if (event === 'change') reloads.push(listener as (path: string) => unknown);
              target.on(event as 'change', listener);
              return watching;
            };
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const leaveOut = (id: string, file: string, missing: string[]) => {
        store.delete(id);
        waiting.set(id, { file, missing });
        logger.warn(reportWords[reportLanguage()].previewLeftOut(file.slice(root.length), missing.map((path) => path.slice(root.length))));
      };
      const guarded: LoaderContext['store'] = {
        ...store,
        set: (entry) => {
          const missing = missingFiles(root, entry);
          if (missing.length) {
            leaveOut(entry.id, join(root, entry.filePath!), missing);
            return false;
          }
          waiting.delete(entry.id);
          return store.set(entry);
        },
      };
      // The store kept from the last run holds entries the loader will not parse again (their file is
      // unchanged): one whose picture went missing meanwhile is dropped, so it is parsed and left out.
      for (const [id, entry] of store.entries()) if (missingFiles(root, entry).length) store.delete(id);

      await inner.load({ ...context, store: guarded, watcher: watching });

      watcher.on('unlink', (path) => {
        for (const [id, { file }] of waiting) if (file === path) waiting.delete(id);
        for (const [id, entry] of store.entries()) {
          const missing = missingFiles(root, entry);
          if (missing.includes(path)) leaveOut(id, join(root, entry.filePath!), missing);
        }
      });
      watcher.on('add', async (path) => {
        for (const { file, missing } of [...waiting.values()]) {
          if (missing.includes(path)) for (const reload of reloads) await reload(file);
        }
      });
    },
  };
}
