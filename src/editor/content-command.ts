/**
 * `npm run content [-- <content folder>] [<file>…]`: the content report (content-cli.ts); with
 * `--ask`, how /ask finds the named pages, or every page without example questions
 * (ask-reach.ts). The /ask part is loaded only when asked for: it builds the search index twice per
 * page, which the plain check never needs.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { askWords } from './ask-messages';
import { checkContentTree, contentLanguage, errorList, reportLanguage, runContentReport } from './content-cli';
import { reportWords } from './messages';

export async function runContentCommand(argv: string[]): Promise<number> {
  if (!argv.includes('--ask')) return runContentReport(argv);
  const rest = argv.filter((arg) => arg !== '--ask');
  // A page's lines speak CONTENT_LANG, else the page's own language (as the check's findings do); the rest the report's.
  const language = reportLanguage();
  const files = rest.filter((arg) => /\.mdx?$/.test(arg));
  const root = resolve(rest.find((arg) => !/\.mdx?$/.test(arg)) ?? 'content');
  for (const file of files) {
    if (!existsSync(file) || !statSync(file).isFile()) {
      console.error(reportWords[language].noSuchFile(file));
      return 2;
    }
  }
  // The index is built from content that reads: with errors, the check's report says what to fix first.
  const errors = errorList(checkContentTree(root));
  if (errors.length) {
    console.error([reportWords[language].buildRefused(errors.length), ...errors].join('\n'));
    return 1;
  }
  const { askContent, pageIdOfFile, pagesToReport, reachOf } = await import('./ask-reach');
  const { reachReport } = await import('./ask-reach-report');
  for (const file of files) {
    if (!pageIdOfFile(root, file)) {
      console.error(askWords[language].notAPage(file));
      return 2;
    }
  }
  const content = await askContent(root);
  const pages = pagesToReport(content, root, files);
  if (!pages.length) {
    console.log(askWords[language].nothingNew);
    return 0;
  }
  const reports: string[] = [];
  for (const page of pages) {
    const reach = reachOf(content, page.id, page.file);
    if (!reach) {
      console.error(askWords[language].notAPage(page.file || page.id));
      return 2;
    }
    reports.push(reachReport(reach, contentLanguage() ?? reach.locale, relative(process.cwd(), join(root, reach.questionsFile))));
  }
  console.log(reports.join('\n\n'));
  return 0;
}
