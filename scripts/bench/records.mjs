#!/usr/bin/env node
/**
 * Record writes per second: contact messages kept through the one messages store
 * (src/server/messages/messages-records.ts), committed one by one, on the SQLite file and, when a
 * Debian PostgreSQL is installed, on a PostgreSQL cluster started for the run in a temporary
 * directory (tests/support/postgres.ts). One writer, then `BENCH_RECORD_WRITERS` (default 8) at once.
 * BENCH_RECORDS (default 2000) writes per side. Within `npm run bench` as the module `records`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTs } from '../lib/load-ts.mjs';

export const description = 'record writes per second (contact messages, each committed) on SQLite and PostgreSQL';

const { messagesStore, resetSettingsForTests, runShutdownHooks, startPostgres, postgresBinDir } = await loadTs(
  {
    exports: [
      "export { messagesStore } from './src/server/messages/messages-store.ts';",
      "export { resetSettingsForTests } from './src/server/base/settings.ts';",
      "export { runShutdownHooks } from './src/server/base/lifecycle.ts';",
      "export { startPostgres, postgresBinDir } from './tests/support/postgres.ts';",
    ],
  },
  'bench-records',
);

const total = Number(process.env.BENCH_RECORDS ?? 2000);
const writers = Number(process.env.BENCH_RECORD_WRITERS ?? 8);

let sequence = 0;
const message = () => ({
  id: `MSG-BENCH${++sequence}`,
  kind: 'contact',
  name: 'Bench',
  email: 'bench@example.org',
  phone: null,
  topic: null,
  locale: 'pl',
  body: 'Dzień dobry, proszę o wycenę sklepu internetowego.',
  suspectedSpam: false,
  mail: { to: ['owner@example.com'], subject: 'Kontakt', text: 'x' },
});

/** `total` writes by `concurrency` writers: writes per second and the p50/p99 of one write (ms). */
async function measure(concurrency) {
  const store = messagesStore();
  await store.recordMessage(message()); // opens and migrates
  const latencies = [];
  let left = total;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const begun = performance.now();
        await store.recordMessage(message());
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2));
  return { requests: { average: total / seconds }, latency: { p50: at(0.5), p99: at(0.99) }, non2xx: 0, errors: 0 };
}

async function engine(settings) {
  await runShutdownHooks();
  for (const name of ['DATABASE_URL']) delete process.env[name];
  Object.assign(process.env, settings);
  resetSettingsForTests();
  return [await measure(1), await measure(writers)];
}

export default async function run() {
  const rows = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-records-'));
  try {
    process.env.DATA_DIR = dataDir;
    const [one, many] = await engine({});
    rows.push({ label: 'sqlite, 1 writer (writes/s)', result: one }, { label: `sqlite, ${writers} writers (writes/s)`, result: many });
    if (postgresBinDir()) {
      const postgres = await startPostgres();
      try {
        const [pgOne, pgMany] = await engine({ DATABASE_URL: postgres.url });
        rows.push({ label: 'postgresql, 1 writer (writes/s)', result: pgOne }, { label: `postgresql, ${writers} writers (writes/s)`, result: pgMany });
      } finally {
        await runShutdownHooks();
        await postgres.stop();
      }
    } else {
      console.log('(no PostgreSQL under /usr/lib/postgresql: only SQLite measured)');
    }
  } finally {
    await runShutdownHooks();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export function summary(rows) {
  const rate = (label) => rows.find((row) => row.label.startsWith(label))?.result.requests.average;
  const sqlite = rate(`sqlite, ${writers}`);
  const postgres = rate(`postgresql, ${writers}`);
  return `(req/s column: committed writes per second; p50/p99: one write, ms. ${total} writes per side${sqlite && postgres ? `; PostgreSQL/SQLite at ${writers} writers: ${(postgres / sqlite).toFixed(2)}` : ''}. The test cluster runs with fsync=off.)`;
}
