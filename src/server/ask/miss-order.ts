/** What both backends of the low-confidence log share: the day, and the one order of a listing. */
import type { AskMiss } from './misses-store';

export const DAY_MS = 86_400_000;

/** Most asked first, then the most recently asked, whichever backend answered. */
export function byCountThenRecent(a: AskMiss, b: AskMiss): number {
  return b.count - a.count || b.lastSeen.localeCompare(a.lastSeen) || a.id.localeCompare(b.id);
}
