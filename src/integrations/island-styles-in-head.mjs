/**
 * Astro writes its island rule (`<style>astro-island,…{display:contents}</style>`) right before the
 * first island, inside <body>, where a <style> element is not valid HTML. After the build this moves
 * it, unchanged, into <head> of every prerendered page.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const islandStyle = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/;

async function* htmlFiles(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** The page with the island rule moved from the body to the end of the head. */
export function moveIslandStyle(html) {
  const match = islandStyle.exec(html);
  const headEnd = html.indexOf('</head>');
  if (!match || headEnd < 0 || match.index < headEnd) return html;
  const without = html.slice(0, match.index) + html.slice(match.index + match[0].length);
  return without.slice(0, headEnd) + match[0] + without.slice(headEnd);
}

export default function islandStylesInHead() {
  return {
    name: 'island-styles-in-head',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        for await (const file of htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const moved = moveIslandStyle(html);
          if (moved !== html) await writeFile(file, moved);
        }
      },
    },
  };
}
