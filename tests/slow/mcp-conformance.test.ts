/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in package.json)
 * against the built server: the frozen required scenarios of 2026-07-28 and of 2025-11-25, on each
 * of the three endpoint paths. The scenarios that do not apply are listed with their reason in
 * tests/conformance/mcp-<revision>.yaml (the suite's own expected-failures baseline): the suite fails
 * a run when any other scenario fails or warns, and when a listed one passes (a stale entry).
 * Offline: the suite only talks to the local server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

const require = createRequire(import.meta.url);
const suite = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
const revisions = ['2026-07-28', '2025-11-25'] as const;
const paths = ['/mcp', '/api/mcp', '/.well-known/mcp'] as const;

interface Run {
  code: number | null;
  output: string;
  scenarios: number;
  checks: { passed: number; failed: number; warnings: number };
}

let server: TestServer;
const outputs = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
const runs = new Map<string, Promise<Run>>();

function run(revision: string, path: string): Promise<Run> {
  const out = join(outputs, `${revision}${path.replaceAll('/', '_')}`);
  const args = [suite, 'server', '--url', `${server.url}${path}`, '--requirements', revision, '--expected-failures', `tests/conformance/mcp-${revision}.yaml`, '-o', out, '--timeout', '120000'];
  return new Promise((resolve) => {
    // A scenario's own limit (--timeout) is generous: on a loaded machine a scenario can wait long for its turn.
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024, timeout: 280_000 }, (error, stdout, stderr) => {
      const checks = { passed: 0, failed: 0, warnings: 0 };
      let scenarios = 0;
      for (const directory of safeList(out)) {
        const list = JSON.parse(readFileSync(join(out, directory, 'checks.json'), 'utf8')) as Array<{ status: string }>;
        scenarios++;
        for (const check of list) {
          if (check.status === 'SUCCESS') checks.passed++;
          else if (check.status === 'FAILURE') checks.failed++;
          else if (check.status === 'WARNING') checks.warnings++;
        }
      }
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, output: `${stdout}\n${stderr}`, scenarios, checks });
    });
  });
}

function safeList(directory: string): string[] {
  try {
    return readdirSync(directory).filter((entry) => !entry.startsWith('.'));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  server = await startServer();
  // All six runs at once: each is mostly waiting on the server, so together they take about as long as one.
  for (const revision of revisions) for (const path of paths) runs.set(`${revision} ${path}`, run(revision, path));
  await Promise.all(runs.values());
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(outputs, { recursive: true, force: true });
});

describe.each(revisions)('conformance %s', (revision) => {
  it.each(paths)('passes every applicable scenario on %s', async (path) => {
    const result = await runs.get(`${revision} ${path}`)!;
    console.log(
      `conformance ${revision} ${path}: ${result.scenarios} scenarios, ${result.checks.passed} checks passed, ` +
        `${result.checks.failed} failed and ${result.checks.warnings} warnings (all in the not-applicable list when the run passes)`,
    );
    const verdict = result.output.match(/(Unexpected failures[\s\S]*|Stale baseline[\s\S]*|Baseline check passed[^\n]*)/)?.[0] ?? result.output.slice(-2000);
    expect(result.code, verdict).toBe(0);
    expect(result.output).toContain('Baseline check passed');
    expect(result.scenarios).toBeGreaterThan(revision === '2026-07-28' ? 40 : 25);
  });
});
