/**
 * What must be closed when the server stops (the database, Redis connections): modules register a
 * closer when they open something, and the production server (scripts/start.mjs) runs them all after
 * the last request has finished. Held on globalThis because the server script and Astro's bundle each
 * load their own copy of this module.
 */
type Closer = () => unknown;

const key = Symbol.for('pracownia.shutdown-hooks');
const holder = globalThis as typeof globalThis & { [key]?: Map<string, Closer> };

function hooks(): Map<string, Closer> {
  return (holder[key] ??= new Map());
}

/** Registers (or replaces) the closer of one resource, by name. */
export function onShutdown(name: string, close: Closer): void {
  hooks().set(name, close);
}

/** Runs every closer once, in parallel; a failing closer is reported, never fatal. Returns the failures. */
export async function runShutdownHooks(): Promise<Array<{ name: string; error: unknown }>> {
  const entries = [...hooks()];
  hooks().clear();
  const results = await Promise.allSettled(entries.map(async ([, close]) => close()));
  return results.flatMap((result, index) => (result.status === 'rejected' ? [{ name: entries[index]![0], error: result.reason }] : []));
}
