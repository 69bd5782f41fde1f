/**
 * Secret files (src/server/base/secret-file.ts): created whole or not at all, the same secret for every
 * process that creates at once, and a file too short to be a secret refused with a sentence naming the
 * file and the setting. A failing disk is a write that fails half-way, injected (CI runs as root, which
 * a read-only directory does not stop).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, fsyncSync, linkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretFile, readOrCreateSecret, readSecretFile, SecretFileError, type SecretFileSystem } from '../../src/server/base/secret-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secret-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const options = { minLength: 32, setting: 'LINK_SIGNING_SECRET', generate: () => 'n'.repeat(20) + Math.random().toString(36).padEnd(20, 'x') };

describe('a secret file', () => {
  it('is created with mode 0600 in a new 0700 directory, and read back the same', () => {
    const path = join(dir, 'data', 'link-signing-secret');
    const secret = readOrCreateSecret(path, options);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path, 'utf8')).toBe(`${secret}\n`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    expect(readOrCreateSecret(path, { ...options, generate: () => 'another'.repeat(10) })).toBe(secret);
    expect(readdirSync(join(dir, 'data'))).toEqual(['link-signing-secret']);
  });

  it('leaves nothing under its name, nor a temporary file, when the write fails half-way (a full disk)', () => {
    const path = join(dir, 'link-signing-secret');
    const fullDisk: SecretFileSystem = {
      writeSync: (fd, data, offset) => {
        writeSync(fd, data, offset, 5);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
      fsyncSync,
      linkSync,
    };
    expect(() => readOrCreateSecret(path, { ...options, fileSystem: fullDisk })).toThrow(SecretFileError);
    expect(() => readOrCreateSecret(path, { ...options, fileSystem: fullDisk })).toThrow(
      `Cannot create the secret file ${path} (ENOSPC); nothing was left under its name. Make ${dir} writable, with free space, or set LINK_SIGNING_SECRET.`,
    );
    expect(readdirSync(dir)).toEqual([]);
    // A failed flush is the same: the name appears only once the whole secret is on disk.
    const failedFlush: SecretFileSystem = { writeSync, linkSync, fsyncSync: () => { throw Object.assign(new Error('EIO'), { code: 'EIO' }); } };
    expect(() => readOrCreateSecret(path, { ...options, fileSystem: failedFlush })).toThrow(/\(EIO\)/);
    expect(readdirSync(dir)).toEqual([]);
    // Once the disk has room, the next start makes it.
    expect(readOrCreateSecret(path, options).length).toBeGreaterThanOrEqual(32);
  });

  it('is refused when empty or short, naming the file and the setting, and is not replaced', () => {
    const path = join(dir, 'link-signing-secret');
    writeFileSync(path, '');
    expect(() => readOrCreateSecret(path, options)).toThrow(
      `The secret file ${path} is empty: a key that short lets anyone sign. Restore it from a backup, or remove it to have a new one made (what it signed stops verifying), or set LINK_SIGNING_SECRET (32+ characters, e.g. openssl rand -base64 48).`,
    );
    writeFileSync(path, '  short-secret \n');
    expect(() => readSecretFile(path, options)).toThrow(`The secret file ${path} holds 12 characters, fewer than 32:`);
    expect(readFileSync(path, 'utf8')).toBe('  short-secret \n');
  });

  it('stays as it is when another process created it first', () => {
    const path = join(dir, 'link-signing-secret');
    createSecretFile(path, 'first'.repeat(8));
    createSecretFile(path, 'second'.repeat(8));
    expect(readFileSync(path, 'utf8')).toBe(`${'first'.repeat(8)}\n`);
    expect(readdirSync(dir)).toEqual(['link-signing-secret']);
  });

  it('is the same secret for eight processes that create it at once', async () => {
    const path = join(dir, 'link-signing-secret');
    const script = join(dir, 'create.mjs');
    const module = new URL('../../src/server/base/secret-file.ts', import.meta.url).href;
    writeFileSync(
      script,
      `const { readOrCreateSecret } = await import(${JSON.stringify(module)});\n` +
        `await new Promise((resolve) => setTimeout(resolve, Number(process.argv[3]) - Date.now()));\n` +
        `process.send(readOrCreateSecret(process.argv[2], { minLength: 32, setting: 'X', generate: () => crypto.randomUUID() + crypto.randomUUID() }), () => process.exit(0));\n`,
    );
    const at = String(Date.now() + 1_500);
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => new Promise<string>((resolve, reject) => {
        const child = fork(script, [path, at], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
        let stderr = '';
        child.stderr!.on('data', (chunk) => (stderr += chunk));
        child.once('message', (secret) => resolve(String(secret)));
        child.once('exit', (code) => code !== 0 && reject(new Error(stderr)));
      })),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(readFileSync(path, 'utf8')).toBe(`${secrets[0]}\n`);
    expect(readdirSync(dir).sort()).toEqual(['create.mjs', 'link-signing-secret']);
  }, 20_000);
});
