/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The request's bearer token as the middleware read it (absent, invalid or valid). */
    bearer?: import('./server/oauth/enforce').Bearer;
    /** The client's IP rate-limit key (src/server/http/client-ip.ts), as the middleware computed it. */
    clientKey?: string;
    /** Filled by src/middleware.ts for the production server's request log (src/server/node/site-server.ts). */
    requestId?: string;
    rateLimitFamily?: string;
    /**
     * Set by the production server: headers (lower-case names) it adds to this answer, with the ones
     * every response carries (discovery, security), when it writes the status line; cheaper than
     * setting them on a Response. Absent under `astro dev`: the middleware sets all on the Response.
     */
    responseHeaders?: Record<string, string>;
  }
}
