// `npm run content [-- <content folder>] [--ask] [<file>…]`: the content report (src/editor/content-cli.ts),
// or with --ask how /ask finds the pages (src/editor/content-command.ts).
import { loadTs } from './lib/load-ts.mjs';

const { runContentCommand } = await loadTs('src/editor/content-command.ts', 'content-report');
process.exitCode = await runContentCommand(process.argv.slice(2));
