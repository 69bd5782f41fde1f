/**
 * The site's search box (in the header and on the 404 page) answered by /ask's engine in the page's
 * language: the results confident enough to show, their honest count, and a way into the chat.
 * Rendered on the server (a plain GET form), so it needs no JavaScript.
 */
import { ask } from '../ask';
import { CONFIDENT } from '../ask/engine';
import { chatStatus } from '../chat/status';
import type { Caller } from '../http/caller';
import { consumeRateLimit } from '../http/rate-limit';
import type { Locale } from '../base/i18n';
import { ASK_MAX_LIMIT, ASK_MAX_QUERY_LENGTH, type AskResult } from '../schemas/ask';

/**
 * Only the results /ask is confident in are shown (its confidence reads as the probability that a
 * result is right), so an off-topic question ("pizza margherita") is answered "nothing here matches"
 * instead of with whatever shares a word.
 */
export const SEARCH_MIN_CONFIDENCE = CONFIDENT;

/** The search form's field name: /szukaj/?q=… and /en/search/?q=…. */
export const SEARCH_PARAMETER = 'q';

export interface SiteSearchHit {
  type: AskResult['type'];
  title: string;
  /** Site-relative (path and fragment), so a link stays on the host the visitor is using. */
  href: string;
  summary: string;
  inLanguage: Locale;
}

export interface SiteSearchAnswer {
  /** The question as searched (trimmed, at most /ask's length); empty when none was asked. */
  query: string;
  hits: SiteSearchHit[];
  /** True when /ask had more results past the ones asked for, all confident: the count is a floor. */
  more: boolean;
  /** The chat is on and can answer now: the page offers to ask it. */
  chatAvailable: boolean;
}

/** The question of a search URL, trimmed and cut to what /ask accepts ('' when absent). */
export function searchQuery(url: URL): string {
  return (url.searchParams.get(SEARCH_PARAMETER) ?? '').trim().slice(0, ASK_MAX_QUERY_LENGTH).trim();
}

export async function siteSearch(query: string, locale: Locale): Promise<SiteSearchAnswer> {
  const chatAvailable = (await chatStatus()).available;
  if (!query) return { query, hits: [], more: false, chatAvailable };
  const answer = await ask({ query: { text: query, num_results: ASK_MAX_LIMIT }, locale });
  const confident = answer.results.filter((result) => result.confidence >= SEARCH_MIN_CONFIDENCE);
  const hits = confident.map((result) => {
    const url = new URL(result.url);
    return { type: result.type, title: result.title, href: `${url.pathname}${url.hash}`, summary: result.summary, inLanguage: result.inLanguage };
  });
  const more = confident.length === answer.results.length && answer._meta.next_start_num !== undefined;
  return { query, hits, more, chatAvailable };
}

/** What the search page shows: the question as typed, and the answer, or how long to wait when over the limit. */
export interface SearchPageAnswer {
  asked: string;
  answer: SiteSearchAnswer;
  /** Seconds until the visitor may search again, when this request was over /ask's limit. */
  retryAfterSeconds?: number;
}

/**
 * The search page's work for one request: each question spends the visitor's /ask budget (the page
 * runs the same search), and over it the page says when to come back instead of searching.
 */
export async function searchPageAnswer(url: URL, locale: Locale, caller: Caller): Promise<SearchPageAnswer> {
  const asked = searchQuery(url);
  const decision = asked ? await consumeRateLimit('ask', caller) : undefined;
  if (decision && !decision.allowed) {
    return { asked, answer: await siteSearch('', locale), retryAfterSeconds: decision.retryAfterSeconds };
  }
  return { asked, answer: await siteSearch(asked, locale) };
}
