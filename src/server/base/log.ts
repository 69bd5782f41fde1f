/**
 * The one logger (pino, JSON lines on stdout), level from LOG_LEVEL. The production server creates it
 * at start; code in Astro's bundle gets the same instance through globalThis (two copies of this module
 * are loaded, one logger exists). Never log bodies, addresses or secrets: request lines carry the
 * method, path (no query), status, duration, request id and rate-limit family only, and errors their
 * message and stack (pino's err serializer: no headers, no bodies). No redaction pass: it cost about a
 * quarter of each line in the profile, and no logged object carries headers or bodies.
 */
import { pino, type Logger, type LevelWithSilent } from 'pino';

const key = Symbol.for('pracownia.logger');
const holder = globalThis as typeof globalThis & { [key]?: Logger };

/** Lines are written in batches of this many bytes, or after FLUSH_MS, whichever comes first. */
const BATCH_BYTES = 4096;
const FLUSH_MS = 500;

export function createLogger(level: LevelWithSilent): Logger {
  // Batched writes: one write call per request was a visible share of a cached answer's cost. Lines
  // stay in order; a timer writes what waits, and every exit (the graceful stop's process.exit, a
  // crash) writes the rest synchronously, so nothing is lost.
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  setInterval(() => destination.flush(), FLUSH_MS).unref();
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout already closed: nowhere left to write.
    }
  });
  holder[key] = pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  }, destination);
  return holder[key];
}

/** The process's logger (created with LOG_LEVEL on first use when the server script did not). */
export function logger(): Logger {
  return holder[key] ?? createLogger((process.env.LOG_LEVEL?.trim() as LevelWithSilent) || 'info');
}
