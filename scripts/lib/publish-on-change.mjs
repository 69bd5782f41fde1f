// `npm start` with REBUILD_ON_CHANGE (scripts/start.mjs): a change to the sources goes live by itself.
//
// This process (Node's cluster primary) holds the listening socket and serves nothing itself: a worker
// (scripts/serve-build.mjs) serves the current build on that socket. When the sources change (a burst
// of saves, then QUIET_MS of quiet), it builds them into a new dist-builds/<id>/ in the background,
// under the builds' lock, like a start does. Only a build that completed (the content check runs in
// it) is published: a worker for the new build is forked on the same socket; once it listens, the old
// worker is stopped gracefully (it stops accepting, finishes its requests in flight, closes its
// keep-alive connections as they go idle). Both accept from the one socket meanwhile, so no connection
// is refused and none waits for a build. A failed build changes nothing served: it is logged (one JSON
// line with the problems) and kept for the owner's /status/ (src/server/base/publishing.ts) until the
// next build succeeds.
import cluster from 'node:cluster';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInfo, forgetServer, recordServer, removeUnused } from './builds.mjs';
import { watchSources } from './watch-sources.mjs';

/** How long the sources must be quiet after a change before a build starts: one build per burst of saves. */
export const QUIET_MS = 2_000;

export function publishOnChange({ root, builds, logger, sourceParts, first, sourcesMtimeNow, buildCurrentSources, lockBuilds, stopBuilding, onFirstListening }) {
  // Each worker accepts on the shared socket itself; the primary only keeps it open across handovers.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: fileURLToPath(new URL('../serve-build.mjs', import.meta.url)) });

  const builtAt = (id) => new Date(buildInfo(builds, id).builtAt).toISOString();
  let served = first.id;
  /** The sources' newest mtime last built (or failed): an event that changes nothing builds nothing. */
  let lastTried = first.sourcesMtime;
  let state = first.failure ? failedState(first.id, first.failure) : { state: 'current', build: first.id, builtAt: builtAt(first.id) };
  let stopping = false;
  let running = false;
  let again = false;

  function failedState(id, failure) {
    return { state: 'failed', build: id, builtAt: builtAt(id), failedAt: new Date(failure.failedAt).toISOString(), problems: failure.reason.split('\n').filter(Boolean) };
  }

  function publish(next) {
    state = next;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send({ publishing: state });
  }

  function fork(id) {
    return cluster.fork({ BUILD_DIR: join(builds, id), PUBLISHING_STATE: JSON.stringify(state) });
  }

  /** Resolves once the worker listens; rejects with its exit code when it exits first. */
  function listening(worker) {
    return new Promise((resolve, reject) => {
      worker.once('listening', (address) => resolve(address.port));
      worker.once('exit', (code, signal) => reject(new Error(`exited (${signal ?? code}) before listening`)));
    });
  }

  let current = fork(served);
  listening(current).then(onFirstListening, () => process.exit(current.process.exitCode ?? 1));
  keepServing(current);

  /** A worker that dies on its own (not stopped here) is replaced on the same build. */
  function keepServing(worker) {
    worker.once('exit', (code, signal) => {
      if (stopping || worker !== current || !worker.listened) return;
      logger.error({ build: served, code, signal }, 'the serving worker exited: starting another on the same build');
      current = fork(served);
      listening(current).then(() => (current.listened = true), () => undefined);
      keepServing(current);
    });
    worker.once('listening', () => (worker.listened = true));
  }

  async function handover(id) {
    const next = fork(id);
    try {
      await listening(next);
    } catch (error) {
      publish({ state: 'failed', build: served, builtAt: builtAt(served), failedAt: new Date().toISOString(), problems: [`The new build dist-builds/${id}/ did not start: ${error.message}.`] });
      logger.error({ build: served, failedBuild: id, problems: state.problems }, 'a change did not go live: its build did not start; the site keeps serving the last good build');
      forgetServer(builds, id);
      return;
    }
    next.listened = true;
    const previous = current;
    const previousId = served;
    current = next;
    served = id;
    keepServing(next);
    publish({ state: 'current', build: id, builtAt: builtAt(id) });
    const stopped = new Promise((resolve) => previous.once('exit', resolve));
    previous.process.kill('SIGTERM');
    await stopped;
    forgetServer(builds, previousId);
    logger.info({ build: id, previous: previousId }, `a change went live: serving dist-builds/${id}/`);
    const release = await lockBuilds();
    try {
      const removed = removeUnused(builds, id);
      if (removed.length > 0) logger.info({ removed }, 'removed builds no running server uses');
    } finally {
      release();
    }
  }

  async function rebuild() {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    if (sourcesMtimeNow() === lastTried) return;
    running = true;
    try {
      publish({ ...state, state: 'building' });
      logger.info({ build: served }, 'the sources changed: building them in the background; the current build is served meanwhile');
      const release = await lockBuilds();
      let result;
      try {
        result = await buildCurrentSources();
        if (result.id !== undefined) recordServer(builds, result.id);
      } finally {
        release();
      }
      lastTried = result.sourcesMtime;
      if (stopping) return;
      if (result.id === undefined) {
        publish(failedState(served, result.failure));
        logger.error({ build: served, builtAt: state.builtAt, problems: state.problems }, 'a change did not go live: its build failed; the site keeps serving the last good build');
      } else if (result.id === served) {
        publish({ state: 'current', build: served, builtAt: builtAt(served) });
      } else {
        await handover(result.id);
      }
    } catch (error) {
      logger.error({ err: error }, 'building the changed sources failed');
      publish({ ...state, state: state.problems ? 'failed' : 'current' });
    } finally {
      running = false;
      if (again) {
        again = false;
        void rebuild();
      }
    }
  }

  const stopWatching = watchSources(root, sourceParts, QUIET_MS, () => void rebuild());

  const stop = (signal) => {
    if (stopping) {
      // A second signal reaches the workers too; they tell a copy from an impatient operator.
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      return;
    }
    stopping = true;
    stopWatching();
    stopBuilding();
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
    let code = 0;
    Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            worker.once('exit', (exitCode) => ((code = Math.max(code, exitCode ?? 1)), resolve()));
            worker.process.kill(signal);
          }),
      ),
    ).then(() => process.exit(code));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
