/**
 * `npm run build` runs the content check first: on a copy of the project whose content has several
 * mistakes, the build stops before Astro reads a file and lists every problem at once, each with its
 * file, line and field, in the words of `npm run content`; a picture that is not there among them (the
 * dev server leaves its page out, a build refuses it).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { copyProject } from '../support/project-copy';

const copy = copyProject('content-build', ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'public', 'content']);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

it('stops the build on broken content, listing every problem of the run', async () => {
  const article = join(copy, 'content/articles/pl/kopie-zapasowe-3-2-1.md');
  writeFileSync(
    article,
    `${readFileSync(article, 'utf8').replace(/^published:/m, 'publised:').replace(/^tags: \[/m, 'tags: [dostępność, ').replace('kopie-zapasowe-3-2-1-okladka.png', 'nie-ma-okladki.png')}\n[Cennik](/cenik/)\n`,
  );
  const started = Date.now();
  const child = spawn('npm', ['run', 'build'], { cwd: copy, env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  console.log(`npm run build refused in ${((Date.now() - started) / 1000).toFixed(1)} s:\n${output.split('\n').filter((line) => line.includes('ERROR') || line.includes('content:')).join('\n')}`);
  expect(code).not.toBe(0);
  const file = 'articles/pl/kopie-zapasowe-3-2-1.md';
  expect(output).toMatch(/content: 4 errors in content\//);
  expect(output).toMatch(new RegExp(`ERROR +${file}:\\d+: publised: „publised” nie jest polem tego pliku: napisz published`));
  expect(output).toMatch(new RegExp(`ERROR +${file}:\\d+: tags\\[1\\]: tag „dostępność” .*napisz dostepnosc`));
  expect(output).toMatch(new RegExp(`ERROR +${file}:\\d+: link „/cenik/” prowadzi do /cenik/, a takiej strony nie ma`));
  expect(output).toMatch(new RegExp(`ERROR +${file}:\\d+: cover.src: nie ma pliku „../../media/nie-ma-okladki.png” obok tego pliku`));
  expect(output).not.toMatch(/ImageNotFound/);
  expect(output).not.toMatch(/Expected type|received|InvalidContentEntryDataError/);
}, 180_000);
