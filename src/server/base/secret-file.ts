/**
 * A secret kept in a file of its own (DATA_DIR/link-signing-secret): created whole or not at all, and
 * never taken when it is too short to be one.
 *
 * - Creating writes a temporary file in the same directory (mode 0600), flushes it to disk, then gives it
 *   its name with link(2), which fails when the name exists: a write that fails (a full disk) leaves no
 *   file under the name, and of two processes creating at once one wins and both read the winner's secret.
 *   The directory is made 0700 when it is made here.
 * - An existing file shorter than `minLength` (an empty file left by a write that failed, a truncated
 *   copy) is refused rather than replaced: nothing here can tell a file that never held a secret from
 *   one whose secret signed links already mailed, which a restore from backup would bring back; and an
 *   empty key would let anyone sign.
 * Every refusal is a SecretFileError whose sentence names the file, the setting that replaces it, and
 * what to do.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A secret file that cannot be used, with a sentence naming the file and what to do. */
export class SecretFileError extends Error {
  override name = 'SecretFileError';
}

/** The file-system calls of a creation, replaceable so a test can make a write fail. */
export interface SecretFileSystem {
  writeSync: (fd: number, data: Buffer, offset: number, length: number) => number;
  fsyncSync: (fd: number) => void;
  linkSync: (existing: string, name: string) => void;
}

const nodeFileSystem: SecretFileSystem = { writeSync, fsyncSync, linkSync };

/** File systems without hard links answer link(2) with one of these. */
const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

export interface SecretFileOptions {
  /** Fewer characters (after trimming) than this and the file is refused. */
  minLength: number;
  /** A new secret, when the file does not exist. */
  generate: () => string;
  /** The setting that holds the secret instead of the file (named in every refusal). */
  setting: string;
  fileSystem?: SecretFileSystem;
}

/** The secret in `path`; undefined when there is no file. Throws SecretFileError for one too short. */
export function readSecretFile(path: string, { minLength, setting }: Pick<SecretFileOptions, 'minLength' | 'setting'>): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new SecretFileError(`Cannot read the secret file ${path} (${code ?? (error as Error).message}): let the server read it, or set ${setting}.`);
  }
  const secret = text.trim();
  if (secret.length < minLength) {
    const what = secret.length === 0 ? 'is empty' : `holds ${secret.length} characters, fewer than ${minLength}`;
    throw new SecretFileError(
      `The secret file ${path} ${what}: a key that short lets anyone sign. Restore it from a backup, or remove it to have a new one made (what it signed stops verifying), or set ${setting} (${minLength}+ characters, e.g. openssl rand -base64 48).`,
    );
  }
  return secret;
}

/** Writes `secret` to `path` whole, unless `path` exists (then the existing file stays as it is). */
export function createSecretFile(path: string, secret: string, fileSystem: SecretFileSystem = nodeFileSystem): void {
  const directory = dirname(path);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    try {
      const data = Buffer.from(`${secret}\n`);
      for (let written = 0; written < data.length; ) written += fileSystem.writeSync(fd, data, written, data.length - written);
      fileSystem.fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      fileSystem.linkSync(temporary, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') return;
      if (!noHardLinks.has(code)) throw error;
      // No hard links here: rename, which would replace a file made since this check; both were whole.
      if (!existsSync(path)) renameSync(temporary, path);
    }
    syncDirectory(directory);
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // renamed, or never linked
    }
  }
}

/** The name is durable once its directory is on disk (a crash after link(2) would otherwise lose it). */
function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(directory, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems cannot flush a directory; the file's own data is on disk already.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The secret in `path`, created (whole, once for every process) when there is no file. */
export function readOrCreateSecret(path: string, options: SecretFileOptions): string {
  const existing = readSecretFile(path, options);
  if (existing !== undefined) return existing;
  try {
    createSecretFile(path, options.generate(), options.fileSystem);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SecretFileError(`Cannot create the secret file ${path} (${code}); nothing was left under its name. Make ${dirname(path)} writable, with free space, or set ${options.setting}.`, { cause: error });
  }
  return readSecretFile(path, options)!;
}
