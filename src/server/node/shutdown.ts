/**
 * Graceful stop on SIGTERM or SIGINT: stop accepting connections, let every request in flight finish
 * (up to `deadlineMs`, 10 s by default, then the remaining connections are cut), close idle keep-alive
 * connections as they become idle, then run the shutdown hooks (database, Redis) and exit: 0 when every
 * request finished, 1 when the deadline cut some.
 *
 * A second signal exits at once (1), but only when it comes more than `REPEAT_WINDOW_MS` after the
 * first: a signal sent to the process group (a terminal's Ctrl-C, systemd's KillMode=control-group)
 * reaches this process twice within milliseconds, once from the kernel and once forwarded by npm
 * (`npm start` keeps running as our parent and passes SIGINT/SIGTERM on), and that copy must not cut
 * the requests the first one is letting finish.
 */
import type { Logger } from 'pino';
import { runShutdownHooks } from '../base/lifecycle.ts';
import type { SiteServer } from './site-server.ts';

export const SHUTDOWN_DEADLINE_MS = 10_000;
/** Signals within this long of the first are copies of it (npm forwarding), not an impatient operator. */
export const REPEAT_WINDOW_MS = 1_000;

export function stopOnSignals(site: SiteServer, logger: Logger, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      const after = Date.now() - stoppingSince;
      if (after <= REPEAT_WINDOW_MS) {
        logger.info({ signal, afterMs: after }, 'signal again within a second: taken as the same stop');
        return;
      }
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stoppingSince = Date.now();
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
      // The logger writes what is left on exit (src/server/base/log.ts).
      process.exit(cut ? 1 : 0);
    });
    site.server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
