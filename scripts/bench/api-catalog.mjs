// GET /api (the endpoint catalog, generated once per process) against a bare node:http server
// answering the same bytes: the cost of the Astro pipeline and middleware alone, with no body to read.
import { captureResponse, compare, startBare, startSite } from './_lib.mjs';

export const description = 'GET /api (catalog) vs bare node:http with the same bytes';

export default async function run(options) {
  const site = await startSite();
  try {
    const captured = await captureResponse(`${site.url}/api`);
    if (captured.status !== 200) throw new Error(`expected 200 from /api, got ${captured.status}`);
    const bare = await startBare(captured);
    try {
      return await compare(
        [
          { label: 'site GET /api', url: `${site.url}/api`, request: {} },
          { label: 'bare node:http, same bytes', url: `${bare.url}/api`, request: {} },
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
