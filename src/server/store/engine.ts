/** Which engine keeps the records: PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. */
export type Engine = 'sqlite' | 'postgresql';

export function recordsEngine(settings: { DATABASE_URL?: string }): Engine {
  return settings.DATABASE_URL ? 'postgresql' : 'sqlite';
}
