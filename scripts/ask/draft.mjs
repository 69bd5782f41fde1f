#!/usr/bin/env node
/**
 * `npm run ask:draft -- content/<collection>/<pl|en>/<file>.md [--print]`: a draft of the page's example
 * questions (src/editor/question-draft.ts), by the chat's model when the settings (.env) configure one,
 * else from the page's own words. Writes content/questions/<locale>/<page>.yaml when it does not exist.
 */
import { fileURLToPath } from 'node:url';
import { loadEnvFile } from '../lib/env-file.mjs';
import { loadTs } from '../lib/load-ts.mjs';

loadEnvFile(fileURLToPath(new URL('../..', import.meta.url)));
const { runQuestionDraft } = await loadTs('src/editor/question-draft.ts', 'ask-draft');
process.exitCode = await runQuestionDraft(process.argv.slice(2));
