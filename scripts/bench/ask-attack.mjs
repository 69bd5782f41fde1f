// The dearest /ask questions beside normal ones, on the built site (the budget under attack: at most
// 5× the server CPU of a normal question). Each side is a stream of questions; all but the first
// are new on every request (the answer cache never serves them): normal questions cycle through the
// example and unseen questions; both sides come from scripts/lib/ask-attack-questions.mjs (the worst
// cases: 500 characters of misspellings, random letters, one word repeated, wrong Polish diacritics).
// Prints server CPU per request and its ratio to a new normal question.
import { attackKinds, attackQuestions, normalQuestions } from '../lib/ask-attack-questions.mjs';
import { compare, startSite } from './_lib.mjs';

export const description = 'POST /ask: the dearest questions an outsider can write vs normal ones, server CPU per request';

const headers = { 'content-type': 'application/json' };
const body = ({ text, locale }) => JSON.stringify({ query: { text }, locale });

/** A request whose body is the next of `next()` on every send. */
function stream(next) {
  return { method: 'POST', headers, requests: [{ method: 'POST', headers, setupRequest: (request) => ({ ...request, body: body(next()) }) }] };
}

export default async function run(options) {
  // BENCH_SITE_ROOT: another checkout's site (e.g. the code before a change), as in endpoints.mjs.
  const site = await startSite({ RATE_LIMIT_ASK: '100000', LOG_LEVEL: 'warn' }, process.env.BENCH_SITE_ROOT);
  try {
    const normal = await normalQuestions();
    let asked = 0;
    const sides = [
      { label: 'normal question, cached answer', request: { method: 'POST', headers, body: body({ text: 'ile kosztuje strona internetowa dla fundacji', locale: 'pl' }) } },
      { label: 'normal questions, each new', request: stream(() => normal[asked++ % normal.length]) },
      ...attackKinds.map((kind) => {
        let n = 0;
        return { label: `worst: ${kind}`, request: stream(() => attackQuestions[kind](n++)) };
      }),
    ];
    return await compare(sides.map((side) => ({ ...side, url: `${site.url}/ask`, pid: site.pid })), options);
  } finally {
    await site.stop();
  }
}

/** The ratios the budget is about: CPU per request of each side against a new normal question. */
export function summary(rows) {
  const normal = rows.find((row) => row.label === 'normal questions, each new')?.result.cpuMicrosPerRequest;
  if (!normal) return 'no CPU figures (needs /proc)';
  const lines = rows
    .filter((row) => row.label.startsWith('worst'))
    .map((row) => `${row.label.padEnd(40)} ${(row.result.cpuMicrosPerRequest / normal).toFixed(2)}× the CPU of a new normal question`);
  const worst = Math.max(...rows.filter((row) => row.label.startsWith('worst')).map((row) => row.result.cpuMicrosPerRequest / normal));
  return [...lines, `dearest / normal: ${worst.toFixed(2)} (budget ≤ 5)`].join('\n');
}
