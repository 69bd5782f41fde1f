// The framework's floor for `npm run bench`: a minimal Astro app on the same adapter as the site
// (@astrojs/node, middleware mode, under a bare node:http server), whose one endpoint answers recorded
// bytes. Built by scripts/bench/endpoints.mjs into a temporary folder.
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  outDir: process.env.FLOOR_OUT_DIR,
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
});
