/**
 * DATA_DIR holds personal data (messages, bookings, subscribers, mail in the outbox): its folders are
 * made 0700 and its files 0600, so no other account on the machine reads them. Whether it can take a
 * write is proved by writing: a probe file written, synced and removed, which fails on a full,
 * read-only or forbidden disk where a permission check (`access`) would still say yes.
 */
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { ProbeResult } from '../providers/probe';

/** Folders of personal data: owner only. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
/** Files of personal data: owner read and write only. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes a folder of personal data (and its missing parents) and narrows it to the owner. A folder
 * owned by another account (a mount point the operator set up) keeps the mode the operator gave it.
 */
export function privateDirectory(directory: string): string {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  try {
    chmodSync(directory, PRIVATE_DIRECTORY_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
  return directory;
}

/** Narrows files that exist to the owner (a database and its -wal and -shm, made by SQLite with the umask). */
export function privateFiles(...paths: string[]): void {
  for (const path of paths) {
    try {
      chmodSync(path, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Writes, syncs and removes a small file in `directory`: ok only when the disk took the bytes. A
 * failure throws the file system's own error (ENOSPC, EROFS, EACCES…), for the caller to judge.
 */
export function probeWrite(directory: string): void {
  privateDirectory(directory);
  const path = join(directory, `.probe-${process.pid}-${Date.now()}`);
  const descriptor = openSync(path, 'w', PRIVATE_FILE_MODE);
  try {
    writeSync(descriptor, 'probe\n');
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
    unlinkSync(path);
  }
}

/** /status/'s check of a folder that must take writes (DATA_DIR, the outbox). */
export async function probeWritableDirectory(directory: string, what: string): Promise<ProbeResult> {
  probeWrite(directory);
  return { state: 'ok', detail: `${what} took a write` };
}
