// Watching the sources a build is made from, for `npm start`'s rebuilds (scripts/start.mjs): one call
// of `onChange` after a burst of saves has been quiet for `quietMs` (an editor saving several files, a
// `git pull`), never one per file. Editors' swap and backup files and dot files do not count.
import { existsSync, statSync, watch } from 'node:fs';
import { basename, join } from 'node:path';

const ignored = (name) => {
  const file = basename(name);
  return file.startsWith('.') || file.endsWith('~') || /\.sw[a-p]$/.test(file) || file === '4913';
};

/**
 * @param {string} root
 * @param {string[]} parts folders and files under root
 * @param {number} quietMs
 * @param {() => void} onChange
 * @returns {() => void} stops watching
 */
export function watchSources(root, parts, quietMs, onChange) {
  let timer;
  const changed = (name) => {
    if (name && ignored(String(name))) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, quietMs);
  };
  const watchers = parts
    .map((part) => join(root, part))
    .filter((path) => existsSync(path))
    .map((path) => watch(path, { recursive: statSync(path).isDirectory(), persistent: false }, (_event, name) => changed(name ?? undefined)));
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
