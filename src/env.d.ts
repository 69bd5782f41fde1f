/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The request's bearer token as the middleware read it (absent, invalid or valid). */
    bearer?: import('./server/oauth/enforce').Bearer;
    /** Filled by src/middleware.ts for the production server's request log (src/server/node/site-server.ts). */
    requestId?: string;
    rateLimitFamily?: string;
  }
}
