/** `npm run dev` on a free loopback port, in a folder of our choosing; ended with its process group. */
import { spawn } from 'node:child_process';
import { freePort } from './ports';

export interface DevServer {
  origin: string;
  /** Seconds from the spawn to "watching for file changes". */
  readySeconds: number;
  stop: () => void;
}

export async function startDevServer(cwd: string, env: Record<string, string> = {}): Promise<DevServer> {
  const port = await freePort();
  const started = Date.now();
  // detached: npm starts astro in a process group of its own, which stop() ends (ours only).
  const dev = spawn('npm', ['run', 'dev', '--', '--port', String(port)], { cwd, env: { PATH: process.env.PATH!, HOME: process.env.HOME!, ...env }, detached: true });
  let output = '';
  dev.stdout!.on('data', (chunk) => (output += chunk));
  dev.stderr!.on('data', (chunk) => (output += chunk));
  const stop = () => {
    if (dev.pid) try { process.kill(-dev.pid, 'SIGTERM'); } catch { /* already gone */ }
  };
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
    if (/watching for file changes/.test(output)) break;
    if (Date.now() - started > 90_000) {
      stop();
      throw new Error(`npm run dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin: `http://localhost:${port}`, readySeconds: (Date.now() - started) / 1000, stop };
}
