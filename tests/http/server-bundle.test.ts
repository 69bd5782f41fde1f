/**
 * The built server bundle (the global setup builds it): each on-demand page module is imported once,
 * not per request (src/integrations/page-modules-once.mjs). Fails when an Astro upgrade writes its page
 * map differently and the rewrite no longer applies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const entry = readFileSync(new URL('../../dist/server/entry.mjs', import.meta.url), 'utf8');

describe('server bundle', () => {
  it('imports each page module once and shares the promise', () => {
    const memoized = entry.match(/_page\d+ = \(\) => _page\d+Module \?\?= import\(/g) ?? [];
    const perRequest = entry.match(/_page\d+ = \(\) => import\(/g) ?? [];
    expect(perRequest).toEqual([]);
    expect(memoized.length).toBeGreaterThanOrEqual(20);
  });
});
