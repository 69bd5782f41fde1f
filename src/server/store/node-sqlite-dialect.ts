/**
 * Kysely over node:sqlite. Kysely's SqliteDialect speaks the better-sqlite3 interface, which binds an
 * array of parameters; node:sqlite's DatabaseSync binds them spread (an array would be taken for named
 * parameters), so each statement is wrapped. Every transaction of the records writes, so each takes
 * SQLite's write lock when it begins (BEGIN IMMEDIATE): a second process then waits its busy_timeout
 * instead of failing when a read inside a transaction would have to turn into a write.
 */
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, CompiledQuery } from 'kysely';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

/** Statements compiled once per distinct SQL text, a bounded number of them. */
const CACHED_STATEMENTS = 200;

function wrap(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, StatementSync>();
  const prepare = (sql: string): StatementSync => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (cache.size >= CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    }
    return statement;
  };
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = prepare(sql);
      const values = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)),
      };
    },
  };
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** A Kysely dialect over one node:sqlite connection (Kysely queues its queries: one at a time). */
export class NodeSqliteDialect extends SqliteDialect {
  readonly #wrapped: SqliteDatabase;

  constructor(database: DatabaseSync) {
    const wrapped = wrap(database);
    super({ database: wrapped });
    this.#wrapped = wrapped;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#wrapped });
  }
}
