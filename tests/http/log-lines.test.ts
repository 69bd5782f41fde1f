/**
 * The log is JSON lines on stdout, nothing else: a built server started, used through MCP in both
 * eras (the v2 client SDK pinned to 2026-07-28 and the v1 SDK's 2025 handshake: list, call a tool,
 * read a view) and over REST, then stopped; every line it wrote to stdout parses as a JSON object
 * with a level and a time (the "Listening on" line included), and the MCP SDK's warning is one of
 * them instead of plain text on stderr, which a supervisor writes into the same log.
 */
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('stdout', () => {
  it('holds only JSON log lines after MCP in both eras, REST and a stop', async () => {
    for (const path of ['/mcp', '/api/mcp']) {
      const modern = new ModernClient({ name: 'log-2026', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await modern.connect(new ModernTransport(new URL(`${server.url}${path}`)));
      expect((await modern.listTools()).tools.length).toBeGreaterThan(0);
      await modern.callTool({ name: 'services_list', arguments: { locale: 'en' } });
      await modern.close();
      const legacy = new LegacyClient({ name: 'log-2025', version: '1.0.0' });
      await legacy.connect(new LegacyTransport(new URL(`${server.url}${path}`)));
      await legacy.callTool({ name: 'services_list', arguments: { locale: 'pl' } });
      await legacy.readResource({ uri: 'ui://site/service-inquiry' });
      await legacy.close();
    }
    expect((await fetch(`${server.url}/api/services`)).status).toBeLessThan(500);
    await server.stop();

    const lines = server.stdout().split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(10);
    const notJson = lines.filter((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return typeof entry !== 'object' || entry === null || typeof entry.level !== 'number' || typeof entry.time !== 'string';
      } catch {
        return true;
      }
    });
    expect(notJson, notJson.join('\n')).toEqual([]);
    // The MCP SDK's own warnings are log lines too, never plain text on stderr.
    const plainSdkText = server.output().split('\n').filter((line) => /responseMode|mcp-sdk/.test(line) && !line.startsWith('{'));
    expect(plainSdkText).toEqual([]);
    expect(server.stdout()).toMatch(/"source":"mcp-sdk","msg":"responseMode/);
  });
});
