/** A real redis-server (Debian's /usr/bin/redis-server) on a free loopback port, ended by PID. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './ports';

export interface TestRedis {
  url: string;
  port: number;
  /** Sends a signal to redis-server (SIGSTOP/SIGCONT: a Redis that hangs without closing its connections). */
  signal: (name: NodeJS.Signals) => void;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * `cluster`: a one-node Redis Cluster holding every slot. It answers as a plain Redis would, except
 * that it refuses what a real cluster refuses: keys of one command, transaction or script in different
 * slots (CROSSSLOT), so a test on it shows the code would run on a cluster.
 */
export async function startRedis(options: { cluster?: boolean; /** Start again on the port of one stopped (a Redis restarted empty). */ port?: number } = {}): Promise<TestRedis> {
  const port = options.port ?? (await freePort());
  const directory = options.cluster ? mkdtempSync(join(tmpdir(), 'redis-cluster-')) : undefined;
  const clusterArgs = directory ? ['--cluster-enabled', 'yes', '--cluster-config-file', join(directory, 'nodes.conf'), '--dir', directory] : [];
  const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...clusterArgs], {
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
  if (options.cluster) await claimEverySlot(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    signal: (name) => child.kill(name),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGCONT');
        child.kill('SIGKILL');
        await exited;
      }
      running.delete(child);
      if (directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function claimEverySlot(port: number): Promise<void> {
  const client = new Redis(port, '127.0.0.1', { lazyConnect: true });
  await client.connect();
  try {
    await client.call('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
    for (let attempt = 0; !String(await client.call('CLUSTER', 'INFO')).includes('cluster_state:ok'); attempt += 1) {
      if (attempt > 100) throw new Error('the one-node cluster did not come up');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    client.disconnect();
  }
}

/**
 * A fake of Upstash's Redis REST API on loopback that runs each command on a real Redis: POST / with
 * a JSON array command and `Authorization: Bearer <token>` → { result } or { error } (Upstash's format);
 * POST /pipeline with an array of commands → an array of those replies; strings base64-encoded when the
 * client sends `Upstash-Encoding: base64`.
 */
export async function startUpstashFake(redisUrl: string, token = 'upstash-test-token') {
  const { Redis } = await import('ioredis');
  const { createServer } = await import('node:http');
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let commands = 0;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${token}`) return reply(401, { error: 'Unauthorized' });
    // `Upstash-Encoding: base64` asks for every string in a result base64-encoded (what @upstash/redis sends).
    const base64 = request.headers['upstash-encoding'] === 'base64';
    const encode = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(encode) : typeof value === 'string' && base64 ? Buffer.from(value).toString('base64') : value;
    const run = async ([command, ...args]: Array<string | number>) => {
      commands++;
      try {
        return { result: encode(await client.call(String(command), ...args.map(String))) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (request.url === '/pipeline') return reply(200, await Promise.all((body as Array<Array<string | number>>).map(run)));
    const answer = await run(body);
    reply('error' in answer ? 400 : 200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    token,
    commands: () => commands,
    close: async () => {
      client.disconnect();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
