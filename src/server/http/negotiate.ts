/**
 * Content negotiation of the documents that come as JSON, Markdown or an event stream (GET /mcp and
 * its aliases, GET /ask): the representation an Accept header asks for.
 */
export type Representation = 'json' | 'markdown' | 'sse';
const representations: Array<[Representation, string]> = [
  ['json', 'application/json'],
  ['markdown', 'text/markdown'],
  ['sse', 'text/event-stream'],
];

/** Picks the representation by Accept (q-values, most specific range wins); JSON otherwise. */
export function negotiate(accept: string | null): Representation {
  if (!accept) return 'json';
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    return { range: range.trim(), quality: Number.isFinite(quality) ? quality : 0 };
  });
  let best: { kind: Representation; quality: number; specificity: number } = { kind: 'json', quality: 0, specificity: -1 };
  for (const [kind, type] of representations) {
    let quality = -1;
    let specificity = -1;
    for (const { range, quality: q } of ranges) {
      const rangeSpecificity = range === type ? 2 : range === `${type.split('/')[0]}/*` ? 1 : range === '*/*' ? 0 : -1;
      if (rangeSpecificity > specificity) {
        specificity = rangeSpecificity;
        quality = q;
      }
    }
    if (quality > best.quality || (quality === best.quality && quality > 0 && specificity > best.specificity)) {
      best = { kind, quality, specificity };
    }
  }
  return best.quality > 0 ? best.kind : 'json';
}
