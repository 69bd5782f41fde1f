/**
 * Runs `npm run admin -- …` as the owner does: node scripts/admin.mjs as its own process, over a test
 * server's DATA_DIR and settings (no .env), while the server serves.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testEnvironment, type TestServer } from './server';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runAdmin(server: TestServer, settings: Record<string, string>, args: string[]): Promise<AdminRun> {
  const child = spawn(process.execPath, ['scripts/admin.mjs', ...args], {
    cwd: root,
    env: { ...testEnvironment(server.dataDir), ...settings },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
