/**
 * One built server with the default test settings for a whole run, started by the global setup of the
 * tiers that use it (vitest.config.ts) and reached with sharedServer(). For tests that only read what
 * the site serves (pages, documents, errors for bad input) and need no settings of their own: they
 * save a server start each. A test that writes records, reads the output or the data directory, needs
 * other settings, or opens /status/ (a budget of 20 a minute per client that no setting raises, which
 * every file on the shared server would spend together) starts its own with startServer().
 */
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { startServer, type TestServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedServer: { url: string; port: number };
  }
}

/** The shared server's address, in a test file. */
export function sharedServer(): { url: string; port: number } {
  return inject('sharedServer');
}

// Every tier's global setup runs in the one Vitest process: they share one server, stopped by the last.
const key = Symbol.for('site-tests.shared-server');
type State = { server: Promise<TestServer>; users: number };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const state = globalThis as { [key]?: State };
  state[key] ??= { server: startServer(), users: 0 };
  state[key].users++;
  const server = await state[key].server;
  project.provide('sharedServer', { url: server.url, port: server.port });
  return async () => {
    if (--state[key]!.users === 0) {
      delete state[key];
      await server.stop();
    }
  };
}
