// Serving one build (dist/ or dist-builds/<id>/): node:http in front of Astro's handler
// (src/server/node/site-server.ts), listening on HOST:PORT, stopping gracefully on SIGTERM/SIGINT.
// `npm start` calls it in its own process, or, when it rebuilds by itself, in each worker it forks
// (scripts/serve-build.mjs).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * @param {{ buildDir: string, settings: Record<string, any>, logger: import('pino').Logger, onListening: (port: number) => void }} options
 */
export async function serveBuild({ buildDir, settings, logger, onListening }) {
  const { createSiteServer } = await import('../../src/server/node/site-server.ts');
  const { stopOnSignals } = await import('../../src/server/node/shutdown.ts');
  const { handler } = await import(pathToFileURL(join(buildDir, 'server/entry.mjs')).href);
  const site = createSiteServer({
    astro: handler,
    clientDir: join(buildDir, 'client'),
    headersFile: join(buildDir, '_headers.json'),
    siteUrl: settings.SITE_URL,
    logger,
    connections: { max: settings.MAX_CONNECTIONS, perAddress: settings.MAX_CONNECTIONS_PER_ADDRESS, trustProxy: settings.TRUST_PROXY },
  });
  site.server.once('error', (error) => {
    // One readable line instead of a stack trace, naming the setting to change.
    if (error.code === 'EADDRINUSE') console.error(`Port ${settings.PORT} on ${settings.HOST} is already in use: stop what listens there or set PORT to a free port.`);
    else if (error.code === 'EACCES') console.error(`Not allowed to listen on ${settings.HOST}:${settings.PORT}: set PORT above 1023 (or HOST to an address of this machine).`);
    else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') console.error(`HOST=${settings.HOST} is not an address of this machine: set HOST (e.g. localhost or 0.0.0.0).`);
    else console.error(`Cannot listen on ${settings.HOST}:${settings.PORT}: ${error.message}`);
    process.exit(1);
  });
  site.server.listen(settings.PORT, settings.HOST, () => {
    const address = site.server.address();
    onListening(typeof address === 'object' && address ? address.port : settings.PORT);
  });
  stopOnSignals(site, logger);
  return site;
}
