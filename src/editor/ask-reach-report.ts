/** The text of `npm run content -- --ask`: per page, its own words' ranks, the neighbours' questions it wins, and the flag. */
import { askWords } from './ask-messages';
import type { PageReach } from './ask-reach';
import type { Language } from './messages';

/** How many won questions are listed (the rest counted). */
const MAX_WINS = 30;

/** `questionsPath`: where the page's example questions are, as the editor would open it. */
export function reachReport(reach: PageReach, language: Language, questionsPath = reach.questionsFile): string {
  const words = askWords[language];
  const draftCommand = `npm run ask:draft -- ${reach.file || `content/<…>/${reach.locale}/<…>.md`}`;
  const lines = [words.page(reach.id, reach.title, reach.file), `  ${words.examples(reach.examples, questionsPath)}`, '', words.probesHeading];
  for (const probe of reach.probes) {
    lines.push(`  ${words.rank(probe.rank).padEnd(3)} ${words.quote(probe.text)}${probe.rank === 1 || !probe.first ? '' : `  (${words.firstIs(probe.first)})`}`);
  }
  lines.push('');
  const neighbours = reach.neighbours.join(', ');
  if (!reach.neighbours.length) lines.push(words.noNeighbours);
  else if (!reach.wins.length) lines.push(words.noWins(reach.asked, neighbours));
  else {
    lines.push(words.winsHeading(reach.asked, neighbours));
    for (const win of reach.wins.slice(0, MAX_WINS)) lines.push(`  ${words.win(win.query, win.page, win.wasFirst)}`);
    if (reach.wins.length > MAX_WINS) lines.push(`  … +${reach.wins.length - MAX_WINS}`);
  }
  lines.push('', reach.reached ? words.reached : words.unreached(draftCommand));
  return lines.join('\n');
}
