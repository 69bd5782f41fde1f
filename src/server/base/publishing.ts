/**
 * What `npm start` knows about publishing (scripts/start.mjs with REBUILD_ON_CHANGE): which build is
 * served, whether a change is being built, and why the last change did not go live. The process that
 * serves receives it from the one that watches and builds, and keeps it on a process-wide key, because
 * the site's bundle (which renders /status/) and the serving script load this module as two copies.
 */
export interface PublishingState {
  /** current: the newest sources are live; building: a change is being built; failed: the newest sources failed to build. */
  state: 'current' | 'building' | 'failed';
  /** The build served (its directory name in dist-builds/). */
  build: string;
  /** When the build served was made (ISO 8601). */
  builtAt: string;
  /** When the newest sources failed to build (with state failed). */
  failedAt?: string;
  /** What the failed build said: the content check's problems, one a line (with state failed). */
  problems?: string[];
}

const key = Symbol.for('site.publishing');
type Holder = { [key]?: PublishingState };

export function setPublishingState(state: PublishingState): void {
  (globalThis as Holder)[key] = state;
}

/** Undefined when the server does not build by itself (SKIP_BUILD=1, REBUILD_ON_CHANGE=false, `npm run dev`). */
export function publishingState(): PublishingState | undefined {
  return (globalThis as Holder)[key];
}
