/**
 * The form editor (Keystatic, keystatic.config.ts) at /keystatic, added for `astro dev` only: a build
 * has no editor route, page or script, and its packages are dev dependencies, loaded here on demand.
 */
import type { AstroIntegration } from 'astro';

export function formEditor(): AstroIntegration {
  return {
    name: 'form-editor',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig }) => {
        if (command !== 'dev') return;
        const [{ default: react }, { default: keystatic }] = await Promise.all([import('@astrojs/react'), import('@keystatic/astro')]);
        // The editor's React code is compiled already; the site's own JSX stays Preact's.
        updateConfig({ integrations: [react({ include: ['**/node_modules/@keystatic/**'] }), keystatic()] });
      },
    },
  };
}
