/**
 * `npm run admin` as its own process (node scripts/admin.mjs), as the owner and the backup unit run it,
 * over what visitors typed through the BUILT server's contact endpoint:
 * - in `messages --csv`, cells a spreadsheet would run as formulas are text (OWASP "CSV injection");
 * - on the terminal (the table, `messages show`), escape sequences and control characters are gone,
 *   while `--json` keeps the text exactly. The contact endpoint already cleans single-line fields (name,
 *   topic) but keeps the message's lines as typed; a name as an older version or another door may
 *   have kept it is written into the database directly;
 * - the documented `npm run --silent admin -- messages --csv` prints nothing but the CSV;
 * - `backup`, `restore` and `messages` run as an unprivileged user (`nobody`, which cannot write the
 *   checkout) and no file of the project changes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin';
import { startServer, testEnvironment, type TestServer } from '../support/server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const settings = { CONTACT_EMAIL: 'owner@example.com', MAIL_PROVIDER: 'outbox' };

const hyperlink = '=HYPERLINK("http://x","y")';
const terminalAttack = '\x1b[2J\x1b]8;;http://evil\x07click\x1b]8;;\x07';
const messages = [
  { name: hyperlink, topic: '+1', message: 'A message whose name is a formula.' },
  { name: '-2', topic: '@SUM(1)', message: 'A name and a topic a spreadsheet would compute.' },
  { name: terminalAttack, topic: 'Links', message: `Line one\x1b[31m red\x9b0m\r\nLine two ${terminalAttack}` },
];

/** Bytes a terminal acts on: C0 but tab and newline, DEL, C1. */
const controls = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/**
 * What other tests and checks running at the same time write under the checkout: builds, their test
 * data, the caches of Vite, Vitest and Astro and the scripts other commands compile. The admin's own compiled copy was
 * node_modules/.cache/scripts/admin-*.mjs, which stays in the listing.
 */
const writtenByOthers = [/^\.git$/, /^\.astro$/, /^\.test-data$/, /^dist(-builds)?$/, /^node_modules\/\.(vite|vitest-cache|astro)$/, /^node_modules\/\.cache\/scripts\/(?!admin-)/];

/** Every file and folder of the checkout with its size and modification time, but what others write. */
function projectListing(): Map<string, string> {
  const listing = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const relativePath = path.slice(root.length).replace(/^\/+/, '');
      if (writtenByOthers.some((pattern) => pattern.test(relativePath))) continue;
      const stat = lstatSync(path);
      listing.set(path, `${stat.size} ${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(root);
  return listing;
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = [...after].filter(([path, state]) => before.get(path) !== state).map(([path]) => path);
  const removed = [...before.keys()].filter((path) => !after.has(path));
  return [...changed, ...removed];
}

/**
 * Root with runuser (as CI), and a checkout `nobody` can read (one under a private home cannot be):
 * otherwise the unprivileged run is skipped.
 */
const canSwitchUser =
  process.getuid?.() === 0 &&
  spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, '-e', `require('node:fs').accessSync(${JSON.stringify(join(root, 'scripts/admin.mjs'))})`]).status === 0;

describe('admin output of what visitors typed', () => {
  let server: TestServer;
  const scratch = mkdtempSync(join(tmpdir(), 'site-admin-output-'));

  beforeAll(async () => {
    server = await startServer(settings);
    for (const each of messages) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...each, email: 'visitor@example.org', locale: 'en' }),
      });
      expect(response.status, await response.text()).toBe(200);
    }
    const database = new DatabaseSync(join(server.dataDir, 'site.sqlite'));
    try {
      database.prepare('UPDATE messages SET name = ? WHERE body LIKE ?').run(terminalAttack, 'Line one%');
    } finally {
      database.close();
    }
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('makes formula cells text in messages --csv', async () => {
    const { code, stdout, stderr } = await runAdmin(server, settings, ['messages', '--csv']);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`,"'=HYPERLINK(""http://x"",""y"")",visitor@example.org,'+1,`);
    expect(stdout).toContain(`,'-2,visitor@example.org,'@SUM(1),`);
    // No cell, quoted or not, starts with a formula character.
    expect(stdout).not.toMatch(/(^|,)"?[=+\-@]/m);
    expect(stdout.split('\r\n')).toHaveLength(messages.length + 2);
  });

  it('shows no escape sequences or control characters on the terminal, and keeps them in --json', async () => {
    const table = await runAdmin(server, settings, ['messages']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).not.toMatch(controls);
    expect(table.stdout).toContain('click');
    // Sequences go whole, not just their escape byte.
    expect(table.stdout).not.toContain('[2J');
    expect(table.stdout).not.toContain('http://evil');

    const json = await runAdmin(server, settings, ['messages', '--json']);
    const rows = JSON.parse(json.stdout) as Array<{ id: string; name: string; topic: string }>;
    const attacked = rows.find((row) => row.name === terminalAttack)!;
    expect(attacked).toBeDefined();

    const shown = await runAdmin(server, settings, ['messages', 'show', attacked.id]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).not.toMatch(controls);
    expect(shown.stdout).toMatch(/^name: +click$/m);
    expect(shown.stdout).toContain('Line one red\nLine two click\n');
  });

  it('writes a clean CSV with the documented npm run --silent', () => {
    const run = spawnSync('npm', ['run', '--silent', 'admin', '--', 'messages', '--csv'], {
      cwd: root,
      env: { ...testEnvironment(server.dataDir), ...settings },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.startsWith('id,received,kind,name,email,topic,delivered,suspected_spam\r\n')).toBe(true);
    expect(run.stderr).toBe('');
  });

  it.skipIf(!canSwitchUser)('backs up, restores and lists as an unprivileged user, writing nothing under the project', async () => {
    const before = projectListing();
    const backupDir = join(scratch, 'backup');
    const made = await runAdmin(server, settings, ['backup', backupDir]);
    expect(made.code, made.stderr).toBe(0);

    // Everything below scratch to nobody, as the backups and DATA_DIR belong to the site's user.
    const nobody = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }));
    for (const path of [scratch, ...readdirSync(scratch, { recursive: true }).map((name) => join(scratch, String(name)))]) chownSync(path, nobody, nobody);
    const restoredDir = join(scratch, 'restored');
    const asNobody = (args: string[]) => runAdmin(server, { ...settings, DATA_DIR: restoredDir }, args, { user: 'nobody' });

    const restored = await asNobody(['restore', backupDir]);
    expect(restored.code, restored.stderr).toBe(0);
    const listed = await asNobody(['messages', '--csv']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`,'-2,visitor@example.org,'@SUM(1),`);
    const again = await asNobody(['backup', join(scratch, 'backup-by-nobody')]);
    expect(again.code, again.stderr).toBe(0);

    expect(changes(before, projectListing())).toEqual([]);
  }, 60_000);
});
