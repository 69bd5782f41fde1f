/**
 * Graceful stop on SIGTERM or SIGINT: stop accepting connections, let every request in flight finish
 * (up to `deadlineMs`, 10 s by default, then the remaining connections are cut), close idle keep-alive
 * connections as they become idle, then run the shutdown hooks (database, Redis) and exit: 0 when every
 * request finished, 1 when the deadline cut some. A second signal exits at once (1).
 */
import type { Logger } from 'pino';
import { runShutdownHooks } from '../lifecycle.ts';
import type { SiteServer } from './site-server.ts';

export const SHUTDOWN_DEADLINE_MS = 10_000;

export function stopOnSignals(site: SiteServer, logger: Logger, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, inFlight: site.inFlight(), deadlineMs }, 'stopping: no new connections, finishing the requests in flight');
    site.draining();
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      logger.warn({ inFlight: site.inFlight() }, 'shutdown deadline reached: closing the remaining connections');
      site.server.closeAllConnections();
    }, deadlineMs);
    // A keep-alive connection whose last response has gone is idle: close it as soon as it is.
    const sweep = setInterval(() => site.server.closeIdleConnections(), 100);
    site.server.close(async () => {
      clearTimeout(deadline);
      clearInterval(sweep);
      for (const failure of await runShutdownHooks()) logger.error({ err: failure.error, resource: failure.name }, 'closing failed');
      logger.info('stopped');
      // The logger writes what is left on exit (src/server/log.ts).
      process.exit(cut ? 1 : 0);
    });
    site.server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
