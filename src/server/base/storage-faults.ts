/**
 * Whether a thrown value is a fault of the storage the records live in (the disk under DATA_DIR, the
 * SQLite file, PostgreSQL, Redis holding records) rather than a bug: a full or read-only disk, a file
 * the process may not write, a database that refuses connections or is shutting down. Such a fault is
 * the site's state, not the request's: every door answers 503 storage_unavailable, retryable, instead
 * of a 500. Judged only by the error's codes and the drivers' fixed messages, never by where it was thrown.
 */

/** File-system errno codes that mean the disk cannot take a write now, whatever the file. */
const DISK_ERRNOS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/** Errno codes that mean storage only on a file operation (a path is named): not for a spawn or a socket. */
const FILE_ERRNOS = new Set(['EACCES', 'EPERM', 'ENOTDIR']);
const NOT_FILE_SYSCALL = /^(spawn|connect|bind|listen|getaddrinfo)/;

/** SQLite's primary result codes (the low byte of an extended code): full, read-only, I/O error, cannot open. */
const SQLITE_CODES = new Map([
  [13, 'SQLITE_FULL'],
  [8, 'SQLITE_READONLY'],
  [10, 'SQLITE_IOERR'],
  [14, 'SQLITE_CANTOPEN'],
]);

/**
 * PostgreSQL SQLSTATEs: disk full (53100), out of memory or connections (53200, 53300), read-only
 * transaction (25006, a standby), admin/crash shutdown and starting up (57P01-57P03), and the
 * connection exceptions (class 08).
 */
const POSTGRES_STATES = /^(53100|53200|53300|25006|57P0[123]|08\w{3})$/;

/** Network codes of a database connection that did not open (pg hands the socket's error on as is). */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ETIMEDOUT']);

/** The fixed messages of drivers whose errors carry no code: ioredis and pg when a connection is gone. */
const DRIVER_MESSAGES = [
  /^Stream isn't writeable and enableOfflineQueue options is false/,
  /^Connection is closed\.$/,
  /^Connection terminated( unexpectedly)?$/,
];

interface ErrorLike {
  code?: unknown;
  errno?: unknown;
  errcode?: unknown;
  syscall?: unknown;
  path?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The storage fault of one error (not its causes), named for the log; undefined when it is none. */
function faultOf(error: ErrorLike, top: boolean): string | undefined {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && DISK_ERRNOS.has(code)) return code;
  if (code && FILE_ERRNOS.has(code) && typeof error.path === 'string' && !NOT_FILE_SYSCALL.test(String(error.syscall))) return code;
  if (typeof error.errcode === 'number' && code === 'ERR_SQLITE_ERROR') return SQLITE_CODES.get(error.errcode & 0xff);
  if (code?.startsWith('SQLITE_')) return [...SQLITE_CODES.values()].find((name) => code === name || code.startsWith(`${name}_`));
  if (code && POSTGRES_STATES.test(code)) return `SQLSTATE ${code}`;
  // A refused connection is the database's only at the top: a provider's refused fetch arrives wrapped.
  if (top && code && CONNECTION_ERRNOS.has(code) && (error.syscall === 'connect' || error instanceof AggregateError)) return code;
  if (top && typeof error.message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(error.message as string))) return 'connection closed';
  return undefined;
}

/**
 * The storage fault behind a thrown value (it or one of its causes), e.g. "ENOSPC" or "SQLITE_FULL";
 * undefined when the error is not one.
 */
export function storageFaultOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const found = faultOf(current as ErrorLike, depth === 0);
    if (found) return found;
    current = (current as ErrorLike).cause;
  }
  return undefined;
}
