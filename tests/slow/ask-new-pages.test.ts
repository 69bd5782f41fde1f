/**
 * Pages published today: three articles nobody wrote example questions for, added to the shipped
 * content, asked the 72 questions a writer who saw only their topics wrote (tests/fixtures/ask-new-pages/,
 * `npm run ask:new-pages`). Measured 2026-12-07: top-1 0.750 and 54 of 72 first and confident (what the
 * search box and `articles_recommend` show); before the engine shared its example votes with a page's
 * own text, 0.444 and 25 of 72. Floors: the Wilson bound of the measured figures (tests/support/floors.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { floorOf } from '../support/floors';

it('finds articles without example questions for questions written without seeing them', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ask-new-pages-'));
  try {
    const output = join(folder, 'figures.json');
    console.log(execFileSync(process.execPath, ['scripts/ask/new-pages.mjs', '--json', output], { encoding: 'utf8' }).trim());
    const { total } = JSON.parse(readFileSync(output, 'utf8')) as { total: { asked: number; right: number; confident: number } };
    expect(total.asked).toBe(72);
    expect(total.right / total.asked).toBeGreaterThanOrEqual(floorOf(0.75, total.asked));
    expect(total.confident / total.asked).toBeGreaterThanOrEqual(floorOf(54 / 72, total.asked));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 180_000);
