// Plain JS so that the production server (scripts/start.mjs) and the middleware share one definition.
/** Headers every response carries, static or on demand (spec "Responses carry discovery headers"). */
export const discoveryHeaders = {
  Link: '</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt"',
  'X-Llms-Txt': '/llms.txt',
};
