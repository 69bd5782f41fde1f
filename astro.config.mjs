// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import mdx from '@astrojs/mdx';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';

// SITE_URL is read at build time for every prerendered document; deploy with the same value at run time.
const site = (process.env.SITE_URL || 'http://localhost:4321').replace(/\/+$/, '');

export default defineConfig({
  site,
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [mdx(), preact(), sitemap({ filter: (page) => !page.includes('/status/') })],
  i18n: {
    defaultLocale: 'pl',
    locales: ['pl', 'en'],
    routing: { prefixDefaultLocale: false },
  },
  // The origin policy is ours, per route, in src/middleware.ts: server-to-server clients
  // (OAuth token requests, MCP clients) send no Origin and Astro's blanket check would refuse them.
  security: { checkOrigin: false },
  // The stylesheet is small: inlining it saves a render-blocking request on every page (Lighthouse).
  build: { format: 'directory', inlineStylesheets: 'always' },
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT || 4321) },
  devToolbar: { enabled: false },
});
