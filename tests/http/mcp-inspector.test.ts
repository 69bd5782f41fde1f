/**
 * The MCP Inspector's CLI mode (the tool people use to check an MCP server) against the built server.
 * Its launcher runs on this Node 24 (process.execPath); HOME is a temporary directory so its
 * catalog file is not written into the real home.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { offeredToolNames } from '../support/spec-tools';

const launcher = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js', import.meta.url));
let server: TestServer;
let home: string;

beforeAll(async () => {
  server = await startServer();
  home = mkdtempSync(join(tmpdir(), 'inspector-home-'));
});
afterAll(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

function inspector(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [launcher, '--cli', ...args], { env: { PATH: process.env.PATH, HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the MCP Inspector CLI', () => {
  it.each(['/mcp', '/api/mcp', '/.well-known/mcp'])('lists every offered tool on %s', async (path) => {
    const { code, stdout, stderr } = await inspector([`${server.url}${path}`, '--transport', 'http', '--method', 'tools/list']);
    expect(code, stderr).toBe(0);
    const { tools } = JSON.parse(stdout);
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(offeredToolNames);
  });

  // modern pins 2026-07-28 (no fallback: a server without it fails the connect); legacy is the initialize handshake.
  it.each(['modern', 'legacy'])('lists the tools and calls one in the %s era (--protocol-era)', async (era) => {
    const listing = await inspector([`${server.url}/mcp`, '--transport', 'http', '--protocol-era', era, '--method', 'tools/list']);
    expect(listing.code, listing.stderr).toBe(0);
    expect(JSON.parse(listing.stdout).tools.map((tool: { name: string }) => tool.name)).toEqual(offeredToolNames);
    const call = await inspector([`${server.url}/mcp`, '--transport', 'http', '--protocol-era', era, '--method', 'tools/call', '--tool-name', 'pricing_get']);
    expect(call.code, call.stderr).toBe(0);
    const result = JSON.parse(call.stdout);
    expect(result.structuredContent.currency).toBe('PLN');
  });

  it('calls a tool with arguments', async () => {
    const { code, stdout, stderr } = await inspector([`${server.url}/mcp`, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'services_list', '--tool-arg', 'locale=en']);
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent.services[0].title).toBe('Websites');
  });

  it('sees the MCP App of the booking tool (resourceUri and CSP)', async () => {
    const { code, stdout, stderr } = await inspector([`${server.url}/mcp`, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'consultation_book', '--app-info']);
    expect(code, stderr).toBe(0);
    const info = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(info).toMatchObject({
      hasApp: true,
      resourceUri: 'ui://site/consultation-booking',
      resourceMimeType: 'text/html;profile=mcp-app',
      csp: { connectDomains: [], resourceDomains: [] },
    });
  });

  it('reads a UI resource', async () => {
    const { code, stdout, stderr } = await inspector([`${server.url}/mcp`, '--transport', 'http', '--method', 'resources/read', '--uri', 'ui://site/service-inquiry']);
    expect(code, stderr).toBe(0);
    const { contents } = JSON.parse(stdout);
    expect(contents[0].mimeType).toBe('text/html;profile=mcp-app');
  });
});
