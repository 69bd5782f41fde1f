/**
 * Refresh-token rotation in the shared store: what it leaves behind per refresh, and that reuse
 * detection still revokes the grant. Runs on the process's memory store (no REDIS_URL in unit tests).
 */
import { describe, expect, it } from 'vitest';
import { isRevoked, issueRefreshToken, newGrantId, REMEMBERED_ROTATIONS, takeRefreshToken, type RefreshRecord } from '../../src/server/oauth/grants';
import { getSharedStore } from '../../src/server/store';
import type { MemoryStore } from '../../src/server/store/memory-store';

const store = () => getSharedStore() as MemoryStore;

function grant(): RefreshRecord {
  return { clientId: 'client', subject: 'client', scopes: ['mcp:read'], audience: 'https://example.test/mcp', grantId: newGrantId() };
}

/** Rotates `times` times, as the token endpoint does: take the token, issue the next. */
async function rotate(token: string, times: number): Promise<string[]> {
  const tokens = [token];
  for (let n = 0; n < times; n++) {
    const taken = await takeRefreshToken(tokens.at(-1)!);
    if (taken.kind !== 'ok') throw new Error(`rotation ${n}: ${taken.kind}`);
    tokens.push(await issueRefreshToken(taken.record));
  }
  return tokens;
}

describe('refresh-token rotation', () => {
  it('leaves a bounded number of keys per grant, however often it is refreshed', async () => {
    const before = store().entryCount();
    const record = grant();
    await rotate(await issueRefreshToken(record), 270);
    const keys = store().entryCount() - before;
    console.log(`keys left by one grant after 270 refreshes: ${keys}`);
    // The live refresh token and the grant's record of its last rotated-away tokens.
    expect(keys).toBeLessThanOrEqual(2);
  });

  it('still revokes the grant when a recently rotated-away token comes back', async () => {
    const record = grant();
    const tokens = await rotate(await issueRefreshToken(record), REMEMBERED_ROTATIONS);
    expect(await takeRefreshToken(tokens[0]!)).toEqual({ kind: 'reused' });
    expect(await isRevoked(record.grantId)).toBe(true);
    expect(await takeRefreshToken(tokens.at(-1)!)).toEqual({ kind: 'revoked' });
  });

  it('does not revoke a grant for a made-up token that names it', async () => {
    const record = grant();
    const [first] = await rotate(await issueRefreshToken(record), 1);
    expect(first!.startsWith(`${record.grantId}.`)).toBe(true);
    expect(await takeRefreshToken(`${record.grantId}.made-up`)).toEqual({ kind: 'unknown' });
    expect(await takeRefreshToken('no-grant-at-all')).toEqual({ kind: 'unknown' });
    expect(await isRevoked(record.grantId)).toBe(false);
  });
});
