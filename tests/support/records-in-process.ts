/**
 * The records database in the test's own process, on both engines: a temporary DATA_DIR (SQLite) and a
 * real PostgreSQL beside it. A test picks the engine by setting DATABASE_URL to `postgres().url` or
 * deleting it (and resetting the settings); everything is closed and removed after the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runShutdownHooks } from '../../src/server/base/lifecycle';
import { resetSettingsForTests } from '../../src/server/base/settings';
import { startPostgres, type TestPostgres } from './postgres';

export function recordsInProcess(prefix: string): { dataDir: string; postgres: () => TestPostgres } {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  let postgres: TestPostgres | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
    process.env.DATA_DIR = dataDir;
  }, 60_000);
  afterAll(async () => {
    await runShutdownHooks();
    await postgres?.stop();
    delete process.env.DATA_DIR;
    delete process.env.DATABASE_URL;
    resetSettingsForTests();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, postgres: () => postgres! };
}
