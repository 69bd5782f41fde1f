/**
 * /ask for this process: the index is built once, on the first question, from the catalog, and
 * reused by every request (never per request).
 */
import { getCatalog } from '../catalog';
import { getSettings } from '../settings';
import type { AskRequest, AskResponse } from '../schemas/ask';
import { answerAsk } from './answer';
import { documentsFromCatalog } from './documents';
import { buildAskIndex, type AskIndex } from './engine';

let indexPromise: Promise<AskIndex> | undefined;

export function getAskIndex(): Promise<AskIndex> {
  indexPromise ??= getCatalog().then((catalog) => buildAskIndex(documentsFromCatalog(catalog, getSettings().SITE_URL)));
  return indexPromise;
}

export async function ask(request: AskRequest): Promise<AskResponse> {
  return answerAsk(await getAskIndex(), request);
}

export { askEventStream, eventStreamHeaders } from './answer';
