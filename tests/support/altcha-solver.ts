/** Solves the site's ALTCHA challenge the way the widget does, with altcha-lib (for HTTP tests). */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** Fetches a challenge from the server, solves it, and returns the `altcha` form field value. */
export async function solvedProof(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/forms/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
