/**
 * Storage faults are recognised from the errors the real file system, node:sqlite and the network
 * throw (no hand-made error objects where a real one can be had), and every door answers them as
 * 503 storage_unavailable with Retry-After; errors that are not about storage stay internal_error.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { errorForStream, jsonRpcError, restError, STORAGE_RETRY_AFTER_SECONDS, toolFailure } from '../../src/server/base/errors';
import { storageFaultOf } from '../../src/server/base/storage-faults';
import { freePort } from '../support/ports';

const directory = mkdtempSync(join(tmpdir(), 'storage-faults-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

async function refusedConnection(): Promise<unknown> {
  const port = await freePort();
  return new Promise((resolve) => connect({ host: '127.0.0.1', port }).on('error', resolve));
}

describe('storageFaultOf', () => {
  it('names a full disk (a write to /dev/full)', () => {
    expect(storageFaultOf(thrownBy(() => writeFileSync('/dev/full', 'x')))).toBe('ENOSPC');
  });

  it('names a data folder that cannot be made (its parent is a file)', () => {
    const file = join(directory, 'a-file');
    writeFileSync(file, '');
    expect(storageFaultOf(thrownBy(() => mkdirSync(join(file, 'data'), { recursive: true })))).toBe('ENOTDIR');
  });

  it('names a read-only SQLite database and one that cannot be opened', () => {
    const path = join(directory, 'records.sqlite');
    new DatabaseSync(path).exec('CREATE TABLE t (x)');
    const readOnly = new DatabaseSync(path, { readOnly: true });
    expect(storageFaultOf(thrownBy(() => readOnly.exec("INSERT INTO t VALUES ('x')")))).toBe('SQLITE_READONLY');
    readOnly.close();
    const queryOnly = new DatabaseSync(path);
    queryOnly.exec('PRAGMA query_only = 1');
    expect(storageFaultOf(thrownBy(() => queryOnly.exec("INSERT INTO t VALUES ('x')")))).toBe('SQLITE_READONLY');
    queryOnly.close();
    expect(storageFaultOf(thrownBy(() => new DatabaseSync(join(directory, 'missing', 'records.sqlite'))))).toBe('SQLITE_CANTOPEN');
  });

  it('names PostgreSQL states by their SQLSTATE, and a database connection refused', async () => {
    // The shape pg gives a server's error: a DatabaseError with the SQLSTATE in `code`.
    const diskFull = Object.assign(new Error('could not extend file: No space left on device'), { code: '53100', severity: 'ERROR' });
    const readOnly = Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect([diskFull, readOnly, shutdown].map(storageFaultOf)).toEqual(['SQLSTATE 53100', 'SQLSTATE 25006', 'SQLSTATE 57P01']);
    expect(storageFaultOf(await refusedConnection())).toBe('ECONNREFUSED');
  });

  it('finds the fault in a cause (a driver that wraps the file system error)', () => {
    const wrapped = new Error('could not keep the message', { cause: thrownBy(() => writeFileSync('/dev/full', 'x')) });
    expect(storageFaultOf(wrapped)).toBe('ENOSPC');
  });

  it('leaves other errors alone: a bug, a refused fetch to a provider, a program that may not run', async () => {
    expect(storageFaultOf(new TypeError('undefined is not a function'))).toBeUndefined();
    // fetch wraps its socket error: a provider's refusal is not the storage's.
    expect(storageFaultOf(new TypeError('fetch failed', { cause: await refusedConnection() }))).toBeUndefined();
    const script = join(directory, 'not-executable');
    writeFileSync(script, '#!/bin/sh\n', { mode: 0o600 });
    const spawned = spawnSync(script);
    // As root a missing execute bit still refuses (EACCES), with syscall spawn and a path.
    expect(spawned.error).toBeDefined();
    expect(storageFaultOf(spawned.error)).toBeUndefined();
  });
});

describe('a storage fault at every door', () => {
  const full = () => thrownBy(() => writeFileSync('/dev/full', 'x'));

  it('REST: 503 storage_unavailable, retryable, with Retry-After', () => {
    const answer = restError(full());
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    expect(answer.body.error).toMatchObject({ code: 'storage_unavailable', retryable: true });
    expect(answer.body.error.message).not.toMatch(/dev\/full|ENOSPC/);
  });

  it('MCP transport, tool result and chat stream say the same', () => {
    const rpc = jsonRpcError(full());
    expect(rpc.status).toBe(503);
    expect(rpc.body.error.data).toMatchObject({ reason: 'storage_unavailable' });
    expect(toolFailure(full()).error).toMatchObject({ code: 'storage_unavailable', retryable: true });
    expect(errorForStream(full(), 'pl').errorText).toMatch(/Nie możemy teraz niczego zapisać/);
  });

  it('an error that is not about storage stays internal_error (500)', () => {
    expect(restError(new TypeError('boom')).status).toBe(500);
  });
});
