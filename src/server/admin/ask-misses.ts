/**
 * `ask-misses`: the questions /ask answered with no confident result (ASK_LOW_CONFIDENCE_LOG=on),
 * most asked first, with the best of their results: the misses an editor turns into example
 * questions (content/questions/<locale>/<page>.yaml) or new content. `ask-misses clear` forgets them all.
 */
import { askMissesStore, type AskMiss } from '../ask/misses-store';
import { getSettings } from '../base/settings';
import { UsageError, type AdminCommand } from './command';
import { formatRows, outputFormat as splitFormat, type Row } from './output';

/** `--json` and `--csv` together is a wrong call (exit 2 with the usage), not a failure. */
function outputFormat(args: string[]) {
  try {
    return splitFormat(args);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const columns = ['count', 'language', 'question', 'best', 'confidence', 'last_seen'];

function row(miss: AskMiss): Row {
  return {
    id: miss.id,
    count: miss.count,
    language: miss.locale,
    kinds: miss.kinds || null,
    question: miss.question,
    best: miss.best?.id ?? null,
    best_title: miss.best?.title ?? null,
    best_url: miss.best?.url ?? null,
    confidence: miss.best?.confidence ?? null,
    first_seen: miss.firstSeen,
    last_seen: miss.lastSeen,
  };
}

export const askMisses: AdminCommand = {
  name: 'ask-misses',
  summary: 'questions /ask answered with no confident result (ASK_LOW_CONFIDENCE_LOG=on), most asked first; clear them',
  usage: [
    'ask-misses [--json | --csv]        each distinct question with its count, language and best (low-confidence) result',
    'ask-misses clear                   forget them all',
  ],
  async run(args, io) {
    const { format, rest } = outputFormat(args);
    const settings = getSettings();
    if (rest[0] === 'clear') {
      if (rest.length > 1) throw new UsageError(`Unknown words: ${rest.slice(1).join(' ')}`);
      const cleared = await askMissesStore().clearMisses();
      io.err(`Forgot ${cleared} question${cleared === 1 ? '' : 's'}.`);
      return 0;
    }
    if (rest.length) throw new UsageError(`Unknown words: ${rest.join(' ')}`);
    const misses = await askMissesStore().listMisses({ retentionDays: settings.ASK_LOW_CONFIDENCE_LOG_DAYS });
    io.out(formatRows(misses.map(row), format, columns));
    const asked = misses.reduce((sum, miss) => sum + miss.count, 0);
    io.err(
      settings.ASK_LOW_CONFIDENCE_LOG === 'on'
        ? `${misses.length} distinct question${misses.length === 1 ? '' : 's'}, asked ${asked} time${asked === 1 ? '' : 's'} (kept ${settings.ASK_LOW_CONFIDENCE_LOG_DAYS} days after the last asking, at most ${settings.ASK_LOW_CONFIDENCE_LOG_MAX}).`
        : `ASK_LOW_CONFIDENCE_LOG is off: no new question is kept${misses.length ? '; these were kept while it was on' : ''}.`,
    );
    return 0;
  },
};
