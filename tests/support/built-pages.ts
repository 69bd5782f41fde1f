/** The prerendered HTML pages of the build (dist/client), as site paths with their file. */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

export function builtPages(): Array<{ path: string; file: string }> {
  const pages: Array<{ path: string; file: string }> = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const file = join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name === 'index.html') pages.push({ path: `/${relative(clientDir, directory).split(sep).join('/')}/`.replace(/^\/\/$/, '/'), file });
    }
  };
  walk(clientDir);
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

/** The JSON-LD objects of a page. */
export function jsonLdOf(html: string): Array<Record<string, any>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

/** The addresses of the stylesheets a page links, in order. */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
}
