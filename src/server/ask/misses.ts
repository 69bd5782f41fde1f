/**
 * The low-confidence log (ASK_LOW_CONFIDENCE_LOG=on): a question whose best result is not confident
 * (below CONFIDENT, or no result at all) is kept for editors, so real visitors' misses can become
 * example questions (`npm run admin -- ask-misses`). Called from `ask()`, the one function every door
 * asks through (POST/GET /ask, the search box, the articles_recommend tool over MCP and in the chat,
 * A2A), after the answer is made: a kept answer still counts each time it is asked.
 *
 * Only the question text is kept, with e-mail addresses and phone-like numbers taken out: no address,
 * browser, session or time of day beyond the first and last sighting.
 */
import { createHash } from 'node:crypto';
import { logger } from '../base/log';
import { getSettings } from '../base/settings';
import { queryText, type AskRequest, type AskResponse } from '../schemas/ask';
import { CONFIDENT } from './engine';
import { askMissesStore, type AskMissSighting } from './misses-store';
import { fold, tokenize } from './normalize';
import { redactQuestion } from './personal-data';

/** Longest question kept (the /ask limit; a follow-up completed from context may be longer). */
const MAX_QUESTION = 500;

/** The question as kept: without e-mail addresses and phone numbers (personal-data.ts), at most MAX_QUESTION characters. */
export const keptQuestion = (text: string): string => redactQuestion(text).slice(0, MAX_QUESTION);

/** The form two askings of one question share: folded case and diacritics, words only. */
export function missKey(question: string): string {
  return tokenize(fold(question)).join(' ');
}

/** What the log keeps of one answer, or undefined when the answer is confident or not worth keeping. */
export function missSighting(request: AskRequest, answer: AskResponse): AskMissSighting | undefined {
  // A later page says nothing new about the question: its first page was counted.
  if ((request.meta?.start_num ?? 0) > 0) return undefined;
  const best = answer.results.find((result) => result.type !== 'chat');
  if (best && best.confidence >= CONFIDENT) return undefined;
  const question = keptQuestion(answer._meta.decontextualized_query ?? (answer.query || queryText(request)));
  const key = missKey(question.replace(/\[(e-mail|phone)\]/g, ' '));
  if (!key) return undefined;
  const locale = answer._meta.locale;
  const kinds = [...(request.context?.types ?? [])].sort().join(',');
  return {
    id: createHash('sha256').update(`${locale}\n${kinds}\n${key}`).digest('hex').slice(0, 16),
    question,
    locale,
    kinds,
    best: best ? { id: best.id, title: best.title, url: best.url, confidence: Math.round(best.confidence * 1000) / 1000 } : null,
  };
}

/** Keeps the question when the log is on and the answer was not confident; never fails the answer. */
export function noteAskMiss(request: AskRequest, answer: AskResponse): void {
  const settings = getSettings();
  if (settings.ASK_LOW_CONFIDENCE_LOG !== 'on') return;
  const sighting = missSighting(request, answer);
  if (!sighting) return;
  askMissesStore()
    .recordMiss(sighting, { retentionDays: settings.ASK_LOW_CONFIDENCE_LOG_DAYS, maxRows: settings.ASK_LOW_CONFIDENCE_LOG_MAX })
    .catch((error: unknown) => logger().warn({ err: error }, 'ask: the low-confidence question could not be kept'));
}
