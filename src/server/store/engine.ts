/** Which engine keeps the records: PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. */
import type { Settings } from '../settings';

export type Engine = 'sqlite' | 'postgresql';

export function recordsEngine(settings: Pick<Settings, 'DATABASE_URL'>): Engine {
  return settings.DATABASE_URL ? 'postgresql' : 'sqlite';
}
