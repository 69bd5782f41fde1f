// `npm run new -- article pl "Tytuł"`: a new content file with valid front matter (src/editor/new-entry.ts).
import { loadTs } from './lib/load-ts.mjs';

const { runNewEntry } = await loadTs('src/editor/new-entry.ts', 'new-entry');
process.exitCode = runNewEntry(process.argv.slice(2));
