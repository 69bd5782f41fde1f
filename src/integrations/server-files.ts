/**
 * Build step for the production server (scripts/start.mjs): once per build, not per request,
 * - Brotli (quality 11) and gzip (level 9) variants beside every text asset of dist/client, kept only
 *   when smaller, which the static file server (sirv) sends to clients that accept them;
 * - dist/build-info.json recording the SITE_URL the prerendered documents were built for, so that the
 *   server can tell when it is started for another one;
 * - the /ask index (dist/server/ask-index.bin, src/server/ask/index-artefact.ts), rendered by a route
 *   of the build only (./ask-index-route.ts) and moved out of the public files, so that the server's
 *   first question does not index the site and train the classifier.
 */
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { ARTEFACT_FILE } from '../server/ask/index-artefact';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing (images and fonts are compressed already). */
const textExtensions = /\.(html|css|js|mjs|json|xml|txt|md|svg|webmanifest|map|ics)$/;
/** Below this the headers outweigh the saving. */
const minimumBytes = 1024;

export const buildInfoFile = 'build-info.json';

async function* files(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function precompress(path: string): Promise<number> {
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  let written = 0;
  if (br.length < bytes.length) {
    await writeFile(`${path}.br`, br);
    written++;
  }
  if (gz.length < bytes.length) {
    await writeFile(`${path}.gz`, gz);
    written++;
  }
  return written;
}

export function serverFiles(): AstroIntegration {
  let site = '';
  let outDir: URL;
  let clientDir: URL;
  let serverDir: URL;
  return {
    name: 'server-files',
    hooks: {
      'astro:config:setup': ({ command, injectRoute }) => {
        if (command === 'build') injectRoute({ pattern: `/${ARTEFACT_FILE}`, entrypoint: new URL('./ask-index-route.ts', import.meta.url), prerender: true });
      },
      'astro:config:done': ({ config }) => {
        site = config.site ?? '';
        outDir = config.outDir;
        clientDir = config.build.client;
        serverDir = config.build.server;
      },
      'astro:build:done': async ({ logger }) => {
        const client = fileURLToPath(clientDir);
        await rename(new URL(ARTEFACT_FILE, clientDir), new URL(ARTEFACT_FILE, serverDir));
        logger.info(`/ask index: ${((await stat(new URL(ARTEFACT_FILE, serverDir))).size / 2 ** 20).toFixed(1)} MiB in ${fileURLToPath(new URL(ARTEFACT_FILE, serverDir))}`);
        const work: Promise<number>[] = [];
        for await (const path of files(client)) {
          if (textExtensions.test(path) && (await stat(path)).size >= minimumBytes) work.push(precompress(path));
        }
        const written = (await Promise.all(work)).reduce((sum, count) => sum + count, 0);
        await writeFile(new URL(buildInfoFile, outDir), `${JSON.stringify({ siteUrl: site, builtAt: new Date().toISOString() }, null, 2)}\n`);
        logger.info(`${written} precompressed variants (br, gz) of ${work.length} text files; built for SITE_URL ${site}`);
      },
    },
  };
}
