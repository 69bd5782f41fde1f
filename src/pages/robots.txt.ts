/** robots.txt: the whole site may be crawled; names the sitemap and, for agents, /llms.txt. */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../server/catalog';
import { routePaths } from '../server/base/urls';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(
    [
      '# Every page may be read by people, search engines and AI agents.',
      '# Agents: start at /llms.txt (a Markdown map of the site; every page also has a .md twin),',
      `# ${absoluteUrl(routePaths.llms)} and ${absoluteUrl(routePaths.llmsFull)}; how to use the site and its API:`,
      `# ${absoluteUrl(routePaths.agentInstructionsMd)}`,
      'User-agent: *',
      'Allow: /',
      '',
      `Sitemap: ${absoluteUrl('/sitemap-index.xml')}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
