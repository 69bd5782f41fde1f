/**
 * A real PostgreSQL (Debian's, /usr/lib/postgresql/<version>/bin) in a temporary directory, on a free
 * loopback port, run as the `postgres` user (initdb and pg_ctl refuse root). Stopped, and its
 * directory removed, by stop(); `restart()` stops and starts the same cluster (its data stays).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** A new, empty database on the same server; its URL. */
  createDatabase: (name: string) => string;
  /** The directory holding pg_dump, pg_restore, psql. */
  binDir: string;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** The newest Debian PostgreSQL present, or undefined. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

const started = new Set<() => void>();
process.on('exit', () => {
  for (const stop of started) stop();
});

function asPostgres(binary: string, args: string[]): string {
  const command = process.getuid?.() === 0 ? 'runuser' : binary;
  const full = process.getuid?.() === 0 ? ['-u', 'postgres', '--', binary, ...args] : args;
  return execFileSync(command, full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function startPostgres(): Promise<TestPostgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const directory = mkdtempSync(join(tmpdir(), 'postgres-test-'));
  const { uid, gid } = postgresIds();
  chownSync(directory, uid, gid);
  const data = join(directory, 'data');
  const port = await freePort();
  asPostgres(join(binDir, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${directory} -c fsync=off`;
  const start = () => asPostgres(join(binDir, 'pg_ctl'), ['start', '-w', '-t', '30', '-D', data, '-l', join(directory, 'log'), '-o', options]);
  const stopNow = (mode: 'fast' | 'immediate') => {
    try {
      asPostgres(join(binDir, 'pg_ctl'), ['stop', '-w', '-D', data, '-m', mode]);
    } catch {
      // already stopped
    }
  };
  start();
  const kill = () => stopNow('immediate');
  started.add(kill);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    binDir,
    createDatabase(name) {
      asPostgres(join(binDir, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async restart() {
      stopNow('fast');
      start();
    },
    async stop() {
      stopNow('fast');
      started.delete(kill);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  if (process.getuid?.() !== 0) return { uid: process.getuid!(), gid: process.getgid!() };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
