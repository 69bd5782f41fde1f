// POST /api/subscribe on the built site (embedded outbox and list) against a bare node:http server
// answering the same bytes (status, headers, body), measured in alternating rounds in the same run.
import { captureResponse, compare, startBare, startSite } from './_lib.mjs';

export const description = 'POST /api/subscribe (outbox) vs bare node:http with the same bytes';

export default async function run(options) {
  const request = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // One address: subscribing again is the idempotent path, an upsert in node:sqlite each time.
    body: JSON.stringify({ email: 'bench@example.org', consent: true, locale: 'pl' }),
  };
  // The limit is raised so the benchmark measures the endpoint, not 429s (still counted per request).
  const site = await startSite({ RATE_LIMIT_SUBSCRIBE: '100000' });
  try {
    const path = `${site.url}/api/subscribe`;
    const captured = await captureResponse(path, request);
    if (captured.status !== 200) throw new Error(`expected 200 from ${path}, got ${captured.status}`);
    const bare = await startBare(captured);
    try {
      return await compare(
        [
          { label: 'site POST /api/subscribe', url: path, request },
          { label: 'bare node:http, same bytes', url: `${bare.url}/api/subscribe`, request },
        ],
        options,
      );
    } finally {
      await bare.stop();
    }
  } finally {
    await site.stop();
  }
}
