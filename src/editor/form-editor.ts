/**
 * The form editor (Keystatic, keystatic.config.ts) at /keystatic, for `astro dev` only: a build has no
 * editor route, page or script. Its packages are dev dependencies, absent from a pruned production
 * install, so they are loaded only for `astro dev`, while the config is read (Astro names the command
 * to hooks only after that, when modules can no longer be loaded). A save is checked before it is
 * written (./keystatic-save-route.ts).
 */
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { searchForWorkspaceRoot } from 'vite';
import { formEditorSave } from '../server/base/urls';

/**
 * The editor's own files, React's to render; the site's JSX (src/islands) is Preact's. Naming them on
 * both integrations (React's include, Preact's exclude) also tells Preact that two JSX renderers are meant.
 */
export const editorFiles = ['**/node_modules/@keystatic/**'];

/** The module of the editor's page, as Vite names it (with a version query in the browser). */
const editorPage = /\/@keystatic\/astro\/internal\/keystatic-page\.js(\?|$)/;
const noticeStyle = fileURLToPath(new URL('./editor-notices.css', import.meta.url));

export async function formEditor(argv = process.argv): Promise<AstroIntegration[]> {
  if (argv[2] !== 'dev') return [];
  const [{ default: react }, { default: keystatic }] = await Promise.all([import('@astrojs/react'), import('@keystatic/astro')]);
  const served: AstroIntegration = {
    name: 'form-editor',
    hooks: {
      'astro:config:setup': ({ config, updateConfig, injectRoute }) => {
        // The editor page loads its code by file address; a node_modules linked from elsewhere (a second
        // checkout of the repository) lies outside the project, where the dev server serves nothing unless told.
        const modules = realpathSync(dirname(fileURLToPath(import.meta.resolve('@keystatic/core/package.json'))) + '/../..');
        updateConfig({
          vite: {
            server: { fs: { allow: [searchForWorkspaceRoot(fileURLToPath(config.root)), modules] } },
            // The editor's page brings our style for its notices (a refused save's errors, one a line).
            plugins: [{ name: 'form-editor-notices', transform: (code: string, id: string) => (editorPage.test(id) ? `${code}\nimport ${JSON.stringify(noticeStyle)};\n` : undefined) }],
          },
        });
        // A save passes the content check before Keystatic writes it (more specific than Keystatic's /api/keystatic/[...params]).
        injectRoute({ pattern: formEditorSave, entrypoint: fileURLToPath(new URL('./keystatic-save-route.ts', import.meta.url)), prerender: false });
      },
    },
  };
  return [react({ include: editorFiles }), keystatic(), served];
}
