/**
 * The form editor at /keystatic, under `npm run dev` only (astro.config.mjs adds it for `astro dev`;
 * builds and `npm start` never serve it). It edits the Markdown and JSON in content/: on this machine
 * by default, or as commits to the repository on GitHub when PUBLIC_KEYSTATIC_GITHUB_REPO names it
 * (docs/editing.md: what the owner sets up). The editor's page reads this file too, hence a PUBLIC_ name.
 */
import { config } from '@keystatic/core';
import { collections, singletons } from './src/editor/keystatic-fields';

const repo = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}` | undefined;

export default config({
  storage: repo ? { kind: 'github', repo } : { kind: 'local' },
  ui: { brand: { name: 'Pracownia Cyfrowa' } },
  collections,
  singletons,
});
