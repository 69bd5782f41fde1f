import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingNames } from '../../src/server/settings';

describe('README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('documents every setting in its settings table, and no setting that does not exist', () => {
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual([...settingNames].sort());
  });
});
