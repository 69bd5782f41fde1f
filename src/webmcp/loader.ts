/**
 * The inline feature check every page carries (WebMcpLoader.astro): it imports the WebMCP script only
 * where the browser has WebMCP. Kept here as text so the tests can tell it from any other script.
 */
import { createHash } from 'node:crypto';
import { routePaths } from '../server/base/urls.ts';

export const webMcpLoader = `if('modelContext'in document||'modelContext'in navigator)import('${routePaths.webMcpScript}')`;

/** Its CSP hash, in every page's script-src (src/server/http/security-headers.mjs). */
export const webMcpLoaderHash = `sha256-${createHash('sha256').update(webMcpLoader).digest('base64')}` as const;
