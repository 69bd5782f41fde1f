/**
 * The deployment recipes read as their tools would read them (no Docker engine or systemd runs
 * here): compose.yaml parsed as YAML, the Dockerfile's final stage, the Caddyfile's upstreams and the
 * systemd unit, each checked against what the server does (its port, its 10 s graceful stop, its
 * health path) and against docs/going-live.md, which names them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SHUTDOWN_DEADLINE_MS } from '../../src/server/node/shutdown';
import { freePort } from '../support/ports';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Docker's and Compose's durations as used here: `15s`, `1m30s`. */
function seconds(duration: string): number {
  const match = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration);
  if (!match || duration === '') throw new Error(`not a duration: ${duration}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

/** The instructions of the Dockerfile's last stage, continuation lines joined. */
function finalStage(): Array<{ instruction: string; args: string }> {
  const lines = read('deploy/Dockerfile').replace(/\\\n\s*/g, ' ').split('\n');
  const instructions = lines.filter((line) => line.trim() && !line.startsWith('#')).map((line) => {
    const [instruction, ...rest] = line.trim().split(/\s+/);
    return { instruction: instruction!.toUpperCase(), args: rest.join(' ') };
  });
  const lastFrom = instructions.map((each) => each.instruction).lastIndexOf('FROM');
  return instructions.slice(lastFrom);
}

function env(stage: ReturnType<typeof finalStage>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { args } of stage.filter((each) => each.instruction === 'ENV')) {
    for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) values[name!] = value!;
  }
  return values;
}

describe('deploy/Dockerfile', () => {
  const stage = finalStage();
  const values = env(stage);
  const one = (name: string) => stage.filter((each) => each.instruction === name).map((each) => each.args);

  it('runs the built site as a non-root user, with DATA_DIR a volume, on Node 24', () => {
    expect(read('deploy/Dockerfile')).toMatch(/^ARG NODE_IMAGE=node:24[\w.-]*-slim$/m);
    expect(one('USER')).toEqual(['node']);
    expect(one('VOLUME')).toEqual([values.DATA_DIR]);
    expect(values).toMatchObject({ NODE_ENV: 'production', SKIP_BUILD: '1', HOST: '0.0.0.0' });
    expect(one('EXPOSE')).toEqual([values.PORT]);
  });

  it('starts Node in exec form (it gets SIGTERM itself) and checks health on a prerendered file', () => {
    expect(JSON.parse(one('CMD')[0]!)).toEqual(['node', 'scripts/start.mjs']);
    const health = one('HEALTHCHECK')[0]!;
    const command = JSON.parse(health.slice(health.indexOf('CMD ') + 4));
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    expect(command[2]).toContain("'/robots.txt'");
    expect(read('src/pages/robots.txt.ts')).toContain('export const prerender = true');
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true });
  const dockerfileEnv = env(finalStage());

  it('runs two instances of one image that share PostgreSQL, Redis and one DATA_DIR volume behind one proxy', () => {
    const { site1, site2, redis, caddy, postgres } = compose.services;
    expect(site2).toEqual(site1);
    expect(site1.build).toMatchObject({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(existsSync(join(root, 'deploy', site1.build.context, site1.build.dockerfile))).toBe(true);
    expect(site1.environment).toMatchObject({ REDIS_URL: 'redis://redis:6379', TRUST_PROXY: '1', DATA_DIR: dockerfileEnv.DATA_DIR });
    expect(site1.volumes).toEqual([`data:${dockerfileEnv.DATA_DIR}`]);
    expect(Object.keys(compose.volumes)).toContain('data');
    expect(redis.image).toMatch(/^redis:/);
    // The records live in PostgreSQL, on a volume of their own; Redis keeps nothing that must last.
    expect(site1.environment.DATABASE_URL).toMatch(/^postgres:\/\/site:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/site$/);
    expect(postgres.image).toMatch(/^postgres:/);
    expect(postgres.volumes).toEqual(['records:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes)).toContain('records');
    expect(redis.command).toEqual(['redis-server', '--save', '', '--appendonly', 'no']);
    expect(postgres.ports).toBeUndefined();
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    // Only the proxy is published: the instances and Redis are reached inside the network.
    expect(site1.ports).toBeUndefined();
    expect(redis.ports).toBeUndefined();
  });

  it('gives the graceful stop its time', () => {
    const grace = seconds(compose.services.site1.stop_grace_period);
    console.log(`stop_grace_period ${grace} s for a ${SHUTDOWN_DEADLINE_MS / 1000} s drain`);
    expect(grace * 1000).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
  });

  it('has Caddy forward to exactly the instances, on the image\'s port, checking the health path', () => {
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams).toEqual(['site1', 'site2'].map((name) => `${name}:${dockerfileEnv.PORT}`));
    expect(caddyfile).toMatch(/health_uri \/robots\.txt$/m);
    expect(compose.services.caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

describe('deploy/Caddyfile.systemd', () => {
  it('forwards to the two ports of the site@ instances, the first that answers, retrying the other', () => {
    const caddyfile = read('deploy/Caddyfile.systemd');
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams).toEqual(['127.0.0.1:4321', '127.0.0.1:4322']);
    expect(caddyfile).toMatch(/^\s*lb_policy first$/m);
    expect(caddyfile).toMatch(/^\s*lb_try_duration \d+s$/m);
    expect(caddyfile).toMatch(/health_uri \/robots\.txt$/m);
  });

  it('both Caddyfiles are read by Caddy itself', () => {
    for (const file of ['deploy/Caddyfile', 'deploy/Caddyfile.systemd']) {
      const adapted = spawnSync('caddy', ['adapt', '--config', join(root, file), '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, SITE_DOMAIN: 'example.org' } });
      expect(adapted.error, 'caddy is not installed (Debian: apt-get install caddy)').toBeUndefined();
      expect(adapted.status, adapted.stderr).toBe(0);
      expect(JSON.stringify(JSON.parse(adapted.stdout))).toContain('"handler":"reverse_proxy"');
    }
  });
});

describe('deploy/site@.service', () => {
  const unit = read('deploy/site@.service');
  const values = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!);

  it('stops the way the server drains, restarts on failure, runs as its own user', () => {
    const stop = seconds(values('TimeoutStopSec')[0]!);
    console.log(`TimeoutStopSec ${stop} s for a ${SHUTDOWN_DEADLINE_MS / 1000} s drain`);
    expect(stop * 1000).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
    expect(values('KillMode')).toEqual(['mixed']);
    expect(values('Restart')).toEqual(['on-failure']);
    expect(values('User')).toEqual(['site']);
    expect(values('NoNewPrivileges')).toEqual(['true']);
    expect(values('ProtectSystem')).toEqual(['strict']);
  });

  it('listens on the port of its instance name, and counts as started once it answers', async () => {
    expect(values('Environment')).toContain('PORT=%i');
    // The readiness check, as systemd would run it (the project's Node for /srv/site's), on a port
    // where a server starts answering 1.5 s later.
    const [command] = values('ExecStartPost');
    const script = /^\/srv\/site\/node_modules\/\.bin\/node -e "(.*)"$/.exec(command!)![1]!;
    const port = await freePort();
    const check = spawn(process.execPath, ['-e', script.replaceAll('%i', String(port))]);
    const exited = new Promise<number | null>((resolve) => check.once('exit', resolve));
    let answered = false;
    const server = createServer((request, response) => {
      answered ||= request.url === '/robots.txt';
      response.end('User-agent: *\n');
    });
    const started = Date.now();
    setTimeout(() => server.listen(port, '127.0.0.1'), 1_500);
    try {
      expect(await exited).toBe(0);
      expect(answered).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    } finally {
      server.close();
    }
  });

  it('may write its DATA_DIR', () => {
    const dataDir = values('Environment').find((value) => value.startsWith('DATA_DIR='))!.slice('DATA_DIR='.length);
    expect(values('ReadWritePaths').join(' ').split(/\s+/)).toContain(dataDir);
    expect(values('StateDirectory').map((name) => `/var/lib/${name}`)).toContain(dataDir);
  });
});

describe('docs/going-live.md', () => {
  it('is linked from the README and names only deploy files that exist', () => {
    expect(read('README.md')).toContain('(docs/going-live.md)');
    expect(read('.gitignore')).toMatch(/^deploy\/site\.env$/m);
    // deploy/site.env is the owner's (settings and secrets, ignored by git).
    const named = new Set(read('docs/going-live.md').match(/deploy\/[\w.@-]+/g)?.filter((path) => path !== 'deploy/site.env'));
    expect(named.size).toBeGreaterThanOrEqual(6);
    for (const path of named) expect(existsSync(join(root, path)), path).toBe(true);
  });
});
