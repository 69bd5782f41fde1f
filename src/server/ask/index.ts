/**
 * /ask for this process: the index is built once, on the first question, from the catalog, and
 * reused by every request (never per request).
 */
import { getCatalog } from '../catalog';
import { withChatResult } from '../chat/ask-result';
import { getSettings } from '../settings';
import type { AskRequest, AskResponse } from '../schemas/ask';
import { answerAsk, type AskHints } from './answer';
import { documentsFromCatalog } from './documents';
import { buildAskIndex, type AskIndex } from './engine';

let indexPromise: Promise<AskIndex> | undefined;

const buildIndex = () => getCatalog().then((catalog) => buildAskIndex(documentsFromCatalog(catalog, getSettings().SITE_URL)));

export function getAskIndex(): Promise<AskIndex> {
  // The dev server answers from the content as it is now (an editor previews a new article in /ask).
  if (import.meta.env?.DEV) return buildIndex();
  indexPromise ??= buildIndex();
  return indexPromise;
}

/**
 * The one search entry point for other modules (MCP/registry tools, A2A, the chat): a validated
 * AskRequest → the AskResponse /ask gives for it. In conversational mode the website chat's answer
 * comes first, when it can give one (src/server/chat); `signal` stops that model call.
 */
export async function ask(request: AskRequest, hints: AskHints = {}, signal?: AbortSignal): Promise<AskResponse> {
  const answer = answerAsk(await getAskIndex(), request, hints);
  return request.prefer?.mode === 'conversational' ? withChatResult(answer, request, { signal }) : answer;
}

export { askEventStream, eventStreamHeaders } from './answer';
