import { defineConfig } from 'vitest/config';

/**
 * Four tiers, each runnable alone (`npm run test:unit`, `test:http`, `test:browser`, `test:slow`);
 * `npm test` runs them all. Only the tiers that use the built site build it (tests/support/build-site.ts),
 * so a unit file never waits for a build. docs/testing.md says which test goes where.
 */
const built = ['tests/support/build-site.ts'];
// The built site, then one server of it that the read-only tests share (tests/support/shared-server.ts).
const served = [...built, 'tests/support/shared-server.ts'];

export default defineConfig({
  // Packages as production runs them: the "development" condition Vitest would add picks builds made
  // for debugging (micromark's checks every token and logs through `debug`), which run slower.
  plugins: [
    {
      name: 'production-conditions',
      configEnvironment: {
        order: 'post',
        handler(_name, config) {
          const conditions = config.resolve?.conditions;
          if (conditions) config.resolve!.conditions = conditions.map((condition) => (condition === 'development|production' ? 'production' : condition));
        },
      },
    },
  ],
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      // Pure modules, and real parts that start in milliseconds (redis-server, SQLite): no build, no site server.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The built server over real HTTP.
      { extends: true, test: { name: 'http', include: ['tests/http/**/*.test.ts'], globalSetup: served } },
      // The built server in real Chromium.
      { extends: true, test: { name: 'browser', include: ['tests/browser/**/*.test.ts'], globalSetup: served } },
      // Minutes each: builds of their own, dev servers in project copies, whole conformance suites, load.
      { extends: true, test: { name: 'slow', include: ['tests/slow/**/*.test.ts'], globalSetup: built } },
    ],
  },
});
