/** docs/settings.md and .env.example are what `npm run docs:settings` writes from src/server/base/settings.ts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingsDocuments } from '../../scripts/lib/settings-docs.mjs';
import { settingNames, settingSections } from '../../src/server/base/settings';

const documents = settingsDocuments() as Record<string, string>;

describe('the settings documents', () => {
  it.each(Object.keys(documents))('%s is as `npm run docs:settings` writes it', (path) => {
    const committed = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    expect(committed, `${path} differs from src/server/base/settings.ts: run npm run docs:settings`).toBe(documents[path]);
  });

  it('name every setting once in the table, under a section', () => {
    const rows = [...documents['docs/settings.md']!.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect(rows).toEqual(settingNames);
    expect(settingSections[0]!.first).toBe(settingNames[0]);
  });

  it('give each setting one line in .env.example, set to its default or commented out', () => {
    for (const name of settingNames) expect(documents['.env.example']!.match(new RegExp(`^(# )?${name}=`, 'gm')), name).toHaveLength(1);
  });
});
