/** GET /api/forms/challenge: a fresh ALTCHA proof-of-work challenge for the site's forms (never cached). */
import { endpoint } from '../../../server/http/endpoint';
import { json } from '../../../server/http/respond';
import { createFormChallenge } from '../../../server/spam/challenge';

export const prerender = false;

export const ALL = endpoint({
  GET: async () => json(await createFormChallenge(), { headers: { 'Cache-Control': 'no-store' } }),
});
