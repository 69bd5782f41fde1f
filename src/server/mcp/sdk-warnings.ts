/**
 * The MCP SDKs print their warnings with console.warn: plain text on stderr, which a supervisor
 * writes into the same log as the JSON lines. Code that lets the SDK build a server or a handler
 * runs inside `sdkWarningsLogged`, so what the SDK says becomes a log line of its own (source
 * "mcp-sdk"). Only synchronous calls: console.warn is swapped for the length of the call, which
 * nothing else can interleave with.
 */
import { logger } from '../base/log';

export function sdkWarningsLogged<T>(build: () => T): T {
  const original = console.warn;
  console.warn = (...parts: unknown[]) => logger().warn({ source: 'mcp-sdk' }, parts.map(String).join(' '));
  try {
    return build();
  } finally {
    console.warn = original;
  }
}
