/**
 * A change goes live without a terminal (scripts/lib/publish-on-change.mjs): a running `npm start`, in a
 * copy of the project, sees a burst of saves to content/, builds them once in the background and
 * switches to the new build with no request failing meanwhile; a broken change (a price changed in only
 * one of the two pricing files) never replaces the good build, is logged as one JSON line and is shown
 * on the owner's /status/ (the link of `npm run admin -- status-link`), not on the public one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { copyProject } from '../support/project-copy';
import { priceMark, startVisitor } from '../support/visitor';

const copy = copyProject('publish-on-change', ['astro.config.mjs', 'package.json', 'tsconfig.json', 'keystatic.config.ts', 'src', 'public', 'content', 'scripts']);
const dataDir = join(copy, '.data');
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ENV_FILE: '/dev/null', NO_COLOR: '1', HOST: '127.0.0.1', SITE_URL: 'http://localhost:4321', DATA_DIR: dataDir };
let pid = 0;
let output = '';

afterAll(() => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // exited
  }
  rmSync(copy, { recursive: true, force: true });
});

function edit(file: string, from: string, to: string) {
  const path = join(copy, 'content', file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

const builds = () => readdirSync(join(copy, 'dist-builds')).filter((name) => !name.startsWith('.'));
const count = (text: string) => output.split(text).length - 1;

describe('a running npm start publishes a change by itself', () => {
  let port = 0;
  let base = '';
  let first = '';

  it('builds and serves the site at start', async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: copy, detached: true, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    pid = child.pid!;
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 300_000, interval: 500 }).toContain('Listening on');
    first = /into dist-builds\/([^/\s]+)\//.exec(output)![1]!;
    expect((await fetch(`${base}/pricing.md`)).status).toBe(200);
  }, 320_000);

  it('builds a burst of saves once, in the background, and switches to it with no request failing', async () => {
    const direct = startVisitor(`${base}/pricing.md`, priceMark, 50);
    const home = startVisitor(`${base}/en/`, priceMark, 50);
    const begun = Date.now();
    // Three saves within a second: one build.
    edit('pricing/pl/cennik.md', 'Strona wizytówka do 5 podstron', 'Strona-wizytówka do 5 podstron');
    await new Promise((resolve) => setTimeout(resolve, 400));
    edit('pricing/pl/cennik.md', 'Strona-wizytówka do 5 podstron', 'Strona-wizytówka  do 5 podstron');
    await new Promise((resolve) => setTimeout(resolve, 400));
    edit('pricing/pl/cennik.md', 'Strona-wizytówka  do 5 podstron', 'Strona-wizytówka do 5 podstron');
    await expect.poll(() => direct.marks.at(-1), { timeout: 300_000, interval: 500 }).toBe('changed');
    const live = (Date.now() - begun) / 1000;
    await expect.poll(() => output, { timeout: 20_000 }).toContain('"msg":"a change went live');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pricing = await direct.finish();
    const english = await home.finish();
    console.log(`[publish] live ${live.toFixed(1)} s after the first save; /pricing.md ${pricing.answers} answers, failures ${JSON.stringify(pricing.failures)}, seen ${pricing.marks.join(' → ')}; /en/ ${english.answers} answers, failures ${JSON.stringify(english.failures)}; sent again after a closed keep-alive connection: ${pricing.resent + english.resent}`);
    expect(count('Building the site')).toBe(2);
    expect(pricing.failures).toEqual([]);
    expect(english.failures).toEqual([]);
    expect(pricing.marks).toEqual(['original', 'changed']);
    // The build served before is removed once its worker stopped; the new one is the only one.
    const second = /into dist-builds\/([^/\s]+)\//g;
    const ids = [...output.matchAll(second)].map((match) => match[1]);
    expect(ids[0]).toBe(first);
    await expect.poll(builds, { timeout: 10_000 }).toEqual([ids[1]]);
  }, 320_000);

  it('never replaces the good build with a broken one: logs it and tells the owner on /status/', async () => {
    const direct = startVisitor(`${base}/pricing.md`, priceMark, 50);
    const served = builds();
    edit('pricing/pl/cennik.md', 'priceNet: 4900', 'priceNet: 5100');
    await expect.poll(() => output, { timeout: 300_000, interval: 500 }).toContain('a change did not go live: its build failed');
    const { answers, failures, marks } = await direct.finish();
    expect(failures).toEqual([]);
    expect(answers).toBeGreaterThan(10);
    expect(marks).toEqual(['changed']);
    expect(builds()).toEqual(served);
    const line = output.split('\n').find((each) => each.includes('a change did not go live: its build failed'))!;
    const logged = JSON.parse(line) as { level: number; build: string; problems: string[] };
    expect(logged.build).toBe(served[0]);
    expect(logged.problems.join('\n')).toMatch(/pricing\/en\/pricing\.md: website-start\.priceNet: "website-start": priceNet is 4900, and 5100 in pricing\/pl\/cennik\.md/);

    const publicReport = await (await fetch(`${base}/status/?format=json`)).json();
    expect(publicReport.publishing).toBeUndefined();
    expect(publicReport.configuration).toBeUndefined();
    const link = spawnSync(process.execPath, ['scripts/admin.mjs', 'status-link'], { cwd: copy, env, encoding: 'utf8' });
    expect(link.status).toBe(0);
    const [polish, english] = link.stdout.trim().split('\n').map((url) => url.replace('http://localhost:4321', base));
    const ownerReport = await (await fetch(`${polish!.replace('?owner=', '?format=json&owner=')}`)).json();
    expect(ownerReport.publishing).toMatchObject({ state: 'failed', build: served[0] });
    expect(ownerReport.publishing.problems.join('\n')).toContain('priceNet is 4900, and 5100 in pricing/pl/cennik.md');
    const page = await (await fetch(english!)).text();
    expect(page).toContain('the last change did not go live: its build failed');
    expect(page).toContain('priceNet is 4900, and 5100 in pricing/pl/cennik.md');
  }, 320_000);

  it('stops with its worker on SIGTERM', async () => {
    process.kill(pid, 'SIGTERM');
    await expect.poll(() => output, { timeout: 15_000 }).toContain('"msg":"stopped"');
    await expect.poll(async () => (await fetch(`${base}/`).then(() => 'answers', () => 'closed')), { timeout: 15_000 }).toBe('closed');
  }, 30_000);
});
