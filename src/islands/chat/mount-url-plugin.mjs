/**
 * `virtual:chat-mount-url`: the URL of the chat's code (src/islands/chat/mount.tsx) as a string, so
 * the launcher on every page can `import()` it without Vite's preload helper (which would add ~1 KB
 * gzip to every page). In the build the module is emitted as its own chunk and the URL is written
 * by the bundler (import.meta.ROLLUP_FILE_URL_*, hashes stay correct); in dev it is the source path.
 */
import { fileURLToPath } from 'node:url';

const id = 'virtual:chat-mount-url';
const resolved = `\0${id}`;
const mount = fileURLToPath(new URL('./mount.tsx', import.meta.url));

/** @returns {import('vite').Plugin} */
export function chatMountUrl() {
  let building = false;
  return {
    name: 'chat-mount-url',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(source) {
      return source === id ? resolved : undefined;
    },
    load(loading) {
      if (loading !== resolved) return undefined;
      if (!building || this.environment?.name !== 'client') return `export default ${JSON.stringify(`/@fs${mount}`)};`;
      const reference = this.emitFile({ type: 'chunk', id: mount, name: 'chat' });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}
