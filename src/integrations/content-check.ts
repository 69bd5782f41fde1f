/**
 * The content check inside `astro build` and `astro dev`, with the words of `npm run content`
 * (src/editor/content-cli.ts). A build with an error in content/ stops before Astro reads a file, with
 * every problem listed at once; the dev server prints them and keeps serving, so the editor sees both
 * the preview and what to fix.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { checkContentTree, errorList, reportLanguage } from '../editor/content-cli';
import { reportWords } from '../editor/messages';

export function contentCheck(): AstroIntegration {
  return {
    name: 'content-check',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        if (command !== 'build' && command !== 'dev') return;
        const check = checkContentTree(join(fileURLToPath(config.root), 'content'));
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
    },
  };
}
