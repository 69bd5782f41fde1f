/**
 * Where the questions /ask answered with no confident result are kept (ASK_LOW_CONFIDENCE_LOG=on):
 * the records database the other owner data uses (misses-records.ts). One row per distinct question with a count, so a
 * question asked a thousand times is one row; rows not asked again for the retention period are
 * forgotten, and past the cap the least asked (then the oldest) go, so a flood of distinct nonsense
 * questions never fills the disk and replaces the misses visitors keep asking last.
 */
import { recordsMisses } from './misses-records';

/** One question as asked (already redacted), with the best of its low-confidence results. */
export interface AskMissSighting {
  /** Stable id of the distinct question (its language, kinds asked for and normalised text). */
  id: string;
  question: string;
  locale: string;
  /** The result kinds the caller asked for (`article` for articles_recommend), empty for all. */
  kinds: string;
  best: { id: string; title: string; url: string; confidence: number } | null;
}

export interface AskMiss extends AskMissSighting {
  count: number;
  firstSeen: string;
  lastSeen: string;
}

export interface AskMissLimits {
  retentionDays: number;
  maxRows: number;
}

export interface AskMissesStore {
  /** Counts one sighting (a new row, or the existing one's count + 1), then forgets the expired and those past the cap. */
  recordMiss(sighting: AskMissSighting, limits: AskMissLimits, now?: Date): Promise<void>;
  /** Most asked first, then the most recently asked; the expired left out. */
  listMisses(limits: Pick<AskMissLimits, 'retentionDays'>, now?: Date): Promise<AskMiss[]>;
  /** Forgets every row; answers how many there were. */
  clearMisses(): Promise<number>;
}

export { DAY_MS } from './miss-order';

export const askMissesStore = (): AskMissesStore => recordsMisses;
