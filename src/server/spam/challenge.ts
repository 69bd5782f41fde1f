/**
 * The self-hosted ALTCHA proof of work and the signed time trap, in one challenge: altcha-lib signs
 * the challenge (HMAC with a key derived from LINK_SIGNING_SECRET), and the moment it was issued
 * travels inside its signed data, so a post made sooner than a person could fill the form is
 * recognised without any state. A solved challenge is accepted once (the shared store remembers it
 * for the challenge's lifetime). No outside service is called.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { derivedSecret } from '../base/signing';
import { getSharedStore } from '../store';
import type { SpamReason } from './verdict';

/** A challenge is valid this long after it was issued (a person may leave the form open a while). */
export const CHALLENGE_LIFETIME_MS = 2 * 60 * 60_000;
/** A person needs at least this long between loading a form and sending it. */
export const MIN_FILL_MS = 3_000;

const ALGORITHM = 'SHA-256';
/**
 * The work: the browser tries counters up to a random one in this range (a second or less on a
 * phone; enough to make mass posting cost a bot real CPU). The exact counter stays secret: the
 * challenge carries only a signed prefix of its key.
 */
const COUNTER_RANGE: [number, number] = [5_000, 25_000];

function secrets() {
  return { hmacSignatureSecret: derivedSecret('altcha'), hmacKeySignatureSecret: derivedSecret('altcha-key') };
}

export async function createFormChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(...COUNTER_RANGE),
    deriveKey,
    ...secrets(),
    expiresAt: new Date(now + CHALLENGE_LIFETIME_MS),
    data: { issuedAt: now },
  });
}

/** Checks a posted `altcha` field: the proof, its signature and age, single use, and the time trap. */
export async function checkFormProof(field: string | undefined, now = Date.now()): Promise<SpamReason[]> {
  if (!field?.trim()) return ['no_proof_of_work'];
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(field, 'base64').toString('utf8')) as Payload;
    if (!payload?.challenge?.parameters || !payload.solution) return ['proof_of_work_invalid'];
  } catch {
    return ['proof_of_work_invalid'];
  }
  let result;
  try {
    result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...secrets() });
  } catch {
    return ['proof_of_work_invalid'];
  }
  if (result.expired) return ['proof_of_work_expired'];
  if (!result.verified) return ['proof_of_work_invalid'];
  const reasons: SpamReason[] = [];
  const issuedAt = Number(payload.challenge.parameters.data?.issuedAt);
  if (!Number.isFinite(issuedAt) || now - issuedAt < MIN_FILL_MS) reasons.push('too_fast');
  const fresh = await getSharedStore().setIfAbsent(`altcha:used:${payload.challenge.parameters.nonce}`, '1', CHALLENGE_LIFETIME_MS);
  if (!fresh) reasons.push('proof_of_work_reused');
  return reasons;
}
