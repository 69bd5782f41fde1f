#!/usr/bin/env node
// `npm run docs:settings`: writes docs/settings.md and .env.example from src/server/base/settings.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/load-ts.mjs';
import { settingsDocuments } from './lib/settings-docs.mjs';

for (const [path, content] of Object.entries(settingsDocuments())) {
  writeFileSync(join(root, path), content);
  console.log(`wrote ${path}`);
}
