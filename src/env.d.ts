/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The request's bearer token as the middleware read it (absent, invalid or valid). */
    bearer?: import('./server/oauth/enforce').Bearer;
    /** Filled by src/middleware.ts for the production server's request log (src/server/node/site-server.ts). */
    requestId?: string;
    rateLimitFamily?: string;
    /**
     * Set by the production server: its node:http response, which already carries the headers every
     * response needs; the middleware's own headers go straight onto it (cheaper than on a Response).
     * Absent under `astro dev`, where the middleware sets them all on the Response.
     */
    nodeResponse?: { setHeader(name: string, value: string): unknown };
  }
}
