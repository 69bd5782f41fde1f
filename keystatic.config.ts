/**
 * The form editor at /keystatic, under `npm run dev` only (astro.config.mjs adds it for `astro dev`;
 * builds and `npm start` never serve it). It edits the Markdown and JSON in content/: on this machine
 * by default, or as commits to the repository on GitHub when PUBLIC_KEYSTATIC_GITHUB_REPO names it
 * (docs/editing.md: what the owner sets up). The editor's page reads this file too, hence a PUBLIC_ name.
 */
import { config } from '@keystatic/core';
import { collections, singletons } from './src/editor/keystatic-fields';

const repo = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}` | undefined;

/**
 * The editor speaks the browser's language, and reads and shows numbers its way: in a Polish browser a
 * price shows as "4 900" and "5200,50" is 5200.5 (in Keystatic's default, en-US, it was 520050).
 */
const locale = typeof navigator !== 'undefined' && /^pl\b/i.test(navigator.language) ? 'pl-PL' : 'en-US';

export default config({
  locale,
  storage: repo ? { kind: 'github', repo } : { kind: 'local' },
  ui: { brand: { name: 'Pracownia Cyfrowa' } },
  collections,
  singletons,
});
