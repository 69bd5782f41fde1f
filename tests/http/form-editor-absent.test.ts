/**
 * The form editor exists under `npm run dev` only: the built server (`npm start`) has no editor page,
 * no editor API and no editor code among the files it serves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server';

const client = fileURLToPath(new URL('../../dist/client', import.meta.url));
const server = sharedServer();

describe('the production server', () => {
  it('answers 404 for the editor page and its API, reading and writing', async () => {
    const paths = ['/keystatic', '/keystatic/', '/keystatic/collection/articles_pl/item/kopie-zapasowe-3-2-1', '/api/keystatic/tree', '/api/keystatic/blob/x/content/site/pl.md'];
    const statuses = await Promise.all(paths.map(async (path) => (await fetch(`${server.url}${path}`)).status));
    const update = await fetch(`${server.url}/api/keystatic/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    console.log('production statuses', Object.fromEntries(paths.map((path, at) => [path, statuses[at]])), 'POST /api/keystatic/update', update.status);
    expect(statuses).toEqual(paths.map(() => 404));
    expect(update.status).toBe(404);
  });

  it('ships no editor code: no file of the built client names Keystatic or React', () => {
    const scripts = readdirSync(join(client, '_astro')).filter((name) => name.endsWith('.js'));
    const editorCode = scripts.filter((name) => /keystatic|react-dom|__reactFiber/i.test(readFileSync(join(client, '_astro', name), 'utf8')));
    console.log(`${scripts.length} scripts in dist/client/_astro, ${editorCode.length} with editor code`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(editorCode).toEqual([]);
  });
});
