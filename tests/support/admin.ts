/**
 * Runs `npm run admin -- …` as the owner does: node scripts/admin.mjs as its own process, over a test
 * server's DATA_DIR and settings (no .env), while the server serves; with `user`, as that user
 * (`runuser`, which needs root), as a systemd unit's `User=` would.
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

export function runAdmin(server: TestServer, settings: Record<string, string>, args: string[], { user }: { user?: string } = {}): Promise<AdminRun> {
  const command = [process.execPath, 'scripts/admin.mjs', ...args];
  const [file, ...words] = user ? ['runuser', '-u', user, '--', ...command] : command;
  const child = spawn(file!, words, {
    cwd: root,
    env: { ...testEnvironment(server.dataDir), ...settings },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
