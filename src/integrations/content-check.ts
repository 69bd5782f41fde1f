/**
 * The content check inside `astro build` and `astro dev`, with the words of `npm run content`
 * (src/editor/content-cli.ts). A build with an error in content/ stops before Astro reads a file, with
 * every problem listed at once; the dev server prints them and keeps serving, checks again on every
 * save in content/, and shows what it finds on every page of the preview (./preview-problems.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { checkContentTree, errorList, reportLanguage } from '../editor/content-cli';
import { reportWords } from '../editor/messages';
import { bannerMiddleware, watchContent } from './preview-problems';

export function contentCheck(): AstroIntegration {
  let root = '';
  return {
    name: 'content-check',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        if (command !== 'build' && command !== 'dev') return;
        root = join(fileURLToPath(config.root), 'content');
        const check = checkContentTree(root);
        const words = reportWords[reportLanguage()];
        const errors = errorList(check);
        const warnings = check.findings.filter((finding) => finding.level === 'warning').length;
        if (!errors.length) {
          logger.info(words.buildClean(check.entries.length, warnings));
          return;
        }
        const text = [words.buildRefused(errors.length), ...errors].join('\n');
        if (command === 'dev') {
          logger.error(text);
          return;
        }
        const failure = new Error(text);
        failure.stack = text;
        throw failure;
      },
      'astro:server:setup': ({ server, logger }) => {
        const words = reportWords[reportLanguage()];
        const watch = watchContent(root, (errors) => (errors.length ? logger.error([words.previewChecked(errors.length), ...errors].join('\n')) : logger.info(words.previewChecked(0))));
        server.watcher.on('all', (_event, path) => {
          if (path.startsWith(root)) watch.changed();
        });
        server.middlewares.use(bannerMiddleware(() => watch.errors()));
      },
    },
  };
}
