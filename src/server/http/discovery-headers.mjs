// Plain JS so that the production server (scripts/start.mjs) and the middleware share one definition.
import { routePaths } from '../base/urls.ts';

/** Headers every response carries, static or on demand: where an agent finds /llms.txt. */
export const discoveryHeaders = {
  Link: `<${routePaths.llms}>; rel="llms-txt", <${routePaths.llmsFull}>; rel="llms-full-txt"`,
  'X-Llms-Txt': routePaths.llms,
};
