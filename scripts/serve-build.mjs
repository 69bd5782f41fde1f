#!/usr/bin/env node
// A worker of `npm start` when it rebuilds by itself (scripts/start.mjs): serves the build named in
// BUILD_DIR on the port the primary process holds (Node's cluster: the listening socket stays open in
// the primary while workers come and go), and keeps the publishing state the primary sends it for
// /status/ (src/server/base/publishing.ts). The primary has already loaded and validated the settings.
import { validatedSettings } from './lib/env-file.mjs';
import { serveBuild } from './lib/serve.mjs';

const { settings } = await validatedSettings();
const { createLogger } = await import('../src/server/base/log.ts');
const { setPublishingState } = await import('../src/server/base/publishing.ts');
const logger = createLogger(settings.LOG_LEVEL);
if (process.env.PUBLISHING_STATE) setPublishingState(JSON.parse(process.env.PUBLISHING_STATE));
process.on('message', (message) => {
  if (message && typeof message === 'object' && message.publishing) setPublishingState(message.publishing);
});
await serveBuild({ buildDir: process.env.BUILD_DIR, settings, logger, onListening: () => {} });
