/**
 * `npm run dev` as a preview of the built site:
 * - pages carry a dev variant of the site's CSP (devContentSecurityPolicy) so the dev server's inline
 *   styles and scripts apply; `astro build` never runs this hook, so the production CSP is untouched;
 * - the site's address (canonical links, llms.txt, JSON-LD, SITE_URL) is the dev server's own, so every
 *   link of a preview opens the preview, whatever port it runs on.
 */
import { devContentSecurityPolicy } from '../server/http/security-headers.mjs';

/** @returns {import('astro').AstroIntegration} */
export default function devPreview() {
  return {
    name: 'dev-preview',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'dev') return;
        const host = typeof config.server.host === 'string' && config.server.host !== '0.0.0.0' ? config.server.host : 'localhost';
        const origin = `http://${host}:${config.server.port}`;
        process.env.SITE_URL = origin;
        updateConfig({ site: origin });
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((_request, response, next) => {
          const setHeader = response.setHeader.bind(response);
          response.setHeader = (name, value) =>
            setHeader(name, String(name).toLowerCase() === 'content-security-policy' ? devContentSecurityPolicy(String(value)) : value);
          const writeHead = response.writeHead.bind(response);
          response.writeHead = (status, ...rest) => {
            const headers = rest.find((part) => part && typeof part === 'object');
            if (headers && !Array.isArray(headers)) {
              for (const name of Object.keys(headers)) {
                if (name.toLowerCase() === 'content-security-policy') headers[name] = devContentSecurityPolicy(String(headers[name]));
              }
            }
            return writeHead(status, ...rest);
          };
          next();
        });
      },
    },
  };
}
