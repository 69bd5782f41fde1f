/**
 * /ask for this process: the index of the catalog and the example questions (content/questions/),
 * made once and reused by every request. The built server loads the one the build made
 * (index-artefact.ts) on the first question; without it (sources changed since) it is built then. The
 * dev server builds it, again whenever the content changed.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { getCatalog } from '../catalog';
import { withChatResult } from './conversational';
import { getSettings } from '../base/settings';
import type { Caller } from '../http/caller';
import type { AskRequest, AskResponse } from '../schemas/ask';
import { answerAsk, type AskHints } from './answer';
import { documentsFromCatalog, offTopicQuestions } from './documents';
import { askIndexFromModel, buildAskIndex, type AskIndex } from './engine';
import { ARTEFACT_FILE, artefactOf, builtArtefactPath, modelFrom, readArtefact } from './index-artefact';
import { logger } from '../base/log';
import type { AskSources } from './corpus';
import { noteAskMiss } from './misses';

let indexPromise: Promise<AskIndex> | undefined;

const sourcesOf = async (): Promise<AskSources> => {
  const catalog = await getCatalog();
  return { documents: documentsFromCatalog(catalog, getSettings().SITE_URL), offTopic: offTopicQuestions(catalog.questions) };
};

/** The dev server's index and the content it was built from: rebuilt only when an editor changed something. */
let devIndex: { fingerprint: string; index: AskIndex } | undefined;

async function currentDevIndex(): Promise<AskIndex> {
  const sources = await sourcesOf();
  const fingerprint = createHash('sha256').update(JSON.stringify(sources)).digest('base64');
  if (devIndex?.fingerprint !== fingerprint) devIndex = { fingerprint, index: buildAskIndex(sources) };
  return devIndex.index;
}

export function getAskIndex(): Promise<AskIndex> {
  // The dev server answers from the content as it is now (an editor previews a new article in /ask).
  if (import.meta.env?.DEV) return currentDevIndex();
  indexPromise ??= sourcesOf().then(servedIndex);
  return indexPromise;
}

/** The built server's index: the build's, when it was made from these sources; else made now (and said so). */
function servedIndex(sources: AskSources): AskIndex {
  const started = performance.now();
  const path = builtArtefactPath();
  const model = path ? modelFrom(readArtefact(path), sources) : undefined;
  const index = model ? askIndexFromModel(sources, model) : buildAskIndex(sources);
  const ms = Math.round(performance.now() - started);
  if (model) logger().info({ askIndex: 'prebuilt', ms }, `/ask index loaded from the build's ${ARTEFACT_FILE} in ${ms} ms`);
  else logger().warn({ askIndex: 'built', ms }, `/ask index built at run time in ${ms} ms: ${path ? `the build's ${ARTEFACT_FILE} was made from other sources` : `no ${ARTEFACT_FILE} in the build`}`);
  return index;
}

/** The artefact of the site's sources, for the build (src/integrations/ask-index.ts). */
export async function askIndexArtefact(): Promise<Uint8Array<ArrayBuffer>> {
  return artefactOf(await sourcesOf());
}

/**
 * The one search entry point for other modules (MCP/registry tools, A2A, the chat): a validated
 * AskRequest → the AskResponse /ask gives for it. In conversational mode the website chat's answer
 * comes first, when it can give one (src/server/chat); `signal` stops that model call, and `caller`'s
 * address spends its share of the conversational cap.
 */
export async function ask(request: AskRequest, hints: AskHints = {}, signal?: AbortSignal, caller?: Caller): Promise<AskResponse> {
  const answer = await rememberedAnswer(request, hints);
  noteAskMiss(request, answer);
  return request.prefer?.mode === 'conversational' ? withChatResult(answer, request, { signal, caller }) : answer;
}

/** Answers kept per process (a few kilobytes each at most). */
const ANSWER_CACHE_SIZE = 1_000;
const answers = new LRUCache<string, AskResponse>({ max: ANSWER_CACHE_SIZE });

/**
 * The index never changes once built, so an answer can be kept: the same questions come again (the
 * search box while typing, agents retrying, /ask, the tools and A2A asking alike). The same object is
 * returned each time, so the endpoint encodes it once (keptJson); callers never change it. The engine
 * itself stays uncached, so `npm run bench -- ask` measures real searches.
 */
async function rememberedAnswer(request: AskRequest, hints: AskHints): Promise<AskResponse> {
  const index = await getAskIndex();
  if (import.meta.env?.DEV) return answerAsk(index, request, hints);
  const key = JSON.stringify([request, hints.acceptLanguage ?? null]);
  let answer = answers.get(key);
  if (!answer) {
    answer = answerAsk(index, request, hints);
    answers.set(key, answer);
  }
  return answer;
}

export { askEventStream, eventStreamHeaders } from './answer';
