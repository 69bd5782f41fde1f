/**
 * The /ask index made by the build: the indexes and the trained classifier of the site's sources
 * (corpus.ts `CorpusModel`), stored in dist/server/ask-index.bin with the fingerprint of the sources
 * they were made from. A server whose sources have that fingerprint loads it instead of making it (the
 * classifier's training is most of the 1–2 s of CPU the first question used to cost); any other
 * sources (another SITE_URL, content changed after the build) are indexed as before, so a stale or
 * missing file costs time, never a wrong answer.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { corpusModel, type AskSources, type CorpusModel } from './corpus.ts';
import { defaultRanking } from './engine.ts';

export const ARTEFACT_FILE = 'ask-index.bin';

/** Changes when the artefact's shape does (an old build's file is then ignored, not misread). */
const FORMAT = 1;

/** The sources, the stemmer and the stand-in questions the index depends on, hashed. */
export function sourcesFingerprint(sources: AskSources): string {
  const { stemmer, transfer } = defaultRanking;
  return createHash('sha256').update(JSON.stringify({ FORMAT, stemmer, transfer, sources })).digest('base64url');
}

interface Artefact {
  format: number;
  fingerprint: string;
  model: CorpusModel;
}

/** The artefact of the sources (node:v8's serialisation: typed arrays and strings as they are in memory). */
export function artefactOf(sources: AskSources): Uint8Array<ArrayBuffer> {
  const artefact: Artefact = { format: FORMAT, fingerprint: sourcesFingerprint(sources), model: corpusModel(sources, defaultRanking.stemmer, defaultRanking.transfer) };
  return new Uint8Array(serialize(artefact));
}

/** The model the artefact holds when it was made from these sources; undefined for any other. */
export function modelFrom(bytes: Uint8Array, sources: AskSources): CorpusModel | undefined {
  const artefact = deserialize(bytes) as Partial<Artefact>;
  return artefact.format === FORMAT && artefact.fingerprint === sourcesFingerprint(sources) ? artefact.model : undefined;
}

/**
 * The built server's artefact: beside dist/server/entry.mjs, found from this module's place in the
 * bundle (dist/server/chunks/…), as Astro's Node adapter finds its files; undefined anywhere else
 * (the dev server, scripts, tests of the engine).
 */
export function builtArtefactPath(from = import.meta.url): string | undefined {
  if (!from.startsWith('file:')) return undefined;
  let folder = dirname(fileURLToPath(from));
  for (let level = 0; level < 4; level++) {
    if (existsSync(join(folder, 'entry.mjs'))) {
      const path = join(folder, ARTEFACT_FILE);
      return existsSync(path) ? path : undefined;
    }
    folder = dirname(folder);
  }
  return undefined;
}

export const readArtefact = (path: string): Uint8Array => readFileSync(path);
