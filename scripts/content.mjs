// `npm run content [-- <content folder>]`: the content report (src/editor/content-cli.ts).
import { loadTs } from './lib/load-ts.mjs';

const { runContentReport } = await loadTs('src/editor/content-cli.ts', 'content-report');
process.exitCode = runContentReport(process.argv.slice(2));
