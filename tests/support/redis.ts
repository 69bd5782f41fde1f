/** A real redis-server (Debian's /usr/bin/redis-server) on a free loopback port, ended by PID. */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './ports';

export interface TestRedis {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      running.delete(child);
    },
  };
}
