// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import mdx from '@astrojs/mdx';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import { scrollableTables } from './src/markdown/scrollable-tables.mjs';
import islandStylesInHead from './src/integrations/island-styles-in-head.mjs';
import clientInput from './src/integrations/client-input.mjs';
import { chatMountUrl } from './src/islands/chat/mount-url-plugin.mjs';
import { pageModulesOnce } from './src/integrations/page-modules-once.mjs';
import { serverFiles } from './src/integrations/server-files.ts';
import devPreview from './src/integrations/dev-preview.mjs';
import { contentCheck } from './src/integrations/content-check.ts';
import { editorFiles, formEditor } from './src/editor/form-editor.ts';
import { contentSecurityPolicy } from './src/server/http/security-headers.mjs';

// SITE_URL is read at build time for every prerendered document; deploy with the same value at run time
// (scripts/start.mjs rebuilds when they differ). Unset, it follows PORT, as in src/server/base/settings.ts.
const site = (process.env.SITE_URL || `http://localhost:${process.env.PORT || 4321}`).replace(/\/+$/, '');

export default defineConfig({
  site,
  output: 'static',
  // Middleware mode: scripts/start.mjs owns the node:http server, serves dist/client itself (sirv) and
  // hands everything else to Astro. staticHeaders writes each prerendered page's CSP to dist/_headers.json.
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  // Tables in Markdown become labelled, focusable scroll regions (phones, keyboard users).
  // No Shiki: its highlighting is inline styles, which the CSP refuses (and Astro warns about at every start).
  markdown: { processor: satteri({ hastPlugins: [scrollableTables] }), syntaxHighlight: false },
  integrations: [contentCheck(), mdx(), preact({ exclude: editorFiles }), sitemap({ filter: (page) => !page.includes('/status/') }), islandStylesInHead(), clientInput(), serverFiles(), devPreview(), ...(await formEditor())],
  i18n: {
    defaultLocale: 'pl',
    locales: ['pl', 'en'],
    routing: { prefixDefaultLocale: false },
  },
  // The origin policy is ours, per route, in src/middleware.ts: server-to-server clients
  // (OAuth token requests, MCP clients) send no Origin and Astro's blanket check would refuse them.
  // CSP: hashes of every inline script and style Astro emits, per page (a header, never 'unsafe-inline'
  // for scripts); the directives are shared with the server's headers (src/server/http/security-headers.mjs).
  security: { checkOrigin: false, csp: contentSecurityPolicy },
  // Stylesheets are files (Astro inlines only those under 4 KB): the site's 46 KB of styles are cached
  // once, not sent and parsed inside every page, which halves a page's HTML and the work before its
  // first paint (docs/performance.md).
  build: { format: 'directory', inlineStylesheets: 'auto' },
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT || 4321) },
  // Images beside a content file are optimised: responsive sizes (srcset), WebP, width and height set, lazy.
  // Their few rules are in src/styles/global.css, so every page links one and the same stylesheet.
  image: { layout: 'constrained', responsiveStyles: false },
  devToolbar: { enabled: false },
  vite: { plugins: [chatMountUrl(), pageModulesOnce()] },
});
