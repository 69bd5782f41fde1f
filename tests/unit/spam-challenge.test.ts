import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetSettingsForTests } from '../../src/server/base/settings';

let spam: typeof import('../../src/server/spam/challenge');

beforeAll(async () => {
  process.env.LINK_SIGNING_SECRET = 'unit-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
  resetSettingsForTests();
  spam = await import('../../src/server/spam/challenge');
});

async function proof(issuedAt: number): Promise<string> {
  const challenge = await spam.createFormChallenge(issuedAt);
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the form proof of work and time trap', () => {
  it('accepts a solved challenge issued long enough ago, once', async () => {
    const payload = await proof(Date.now() - 5_000);
    expect(await spam.checkFormProof(payload)).toEqual([]);
    expect(await spam.checkFormProof(payload)).toEqual(['proof_of_work_reused']);
  });

  it('says too fast when the form came back sooner than a person could fill it', async () => {
    expect(await spam.checkFormProof(await proof(Date.now() - 500))).toEqual(['too_fast']);
  });

  it('refuses an expired challenge, a forged issue time, garbage and nothing', async () => {
    expect(await spam.checkFormProof(await proof(Date.now() - 3 * 60 * 60_000))).toEqual(['proof_of_work_expired']);
    const decoded = JSON.parse(Buffer.from(await proof(Date.now() - 1_000), 'base64').toString());
    decoded.challenge.parameters.data.issuedAt = Date.now() - 60_000; // pretend it was loaded a minute ago
    expect(await spam.checkFormProof(Buffer.from(JSON.stringify(decoded)).toString('base64'))).toEqual(['proof_of_work_invalid']);
    expect(await spam.checkFormProof('not base64 json')).toEqual(['proof_of_work_invalid']);
    expect(await spam.checkFormProof(undefined)).toEqual(['no_proof_of_work']);
    expect(await spam.checkFormProof('  ')).toEqual(['no_proof_of_work']);
  });
});
