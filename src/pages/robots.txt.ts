/** robots.txt: the whole site may be crawled; names the sitemap and, for agents, /llms.txt. */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../server/catalog';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(
    [
      '# Every page may be read by people, search engines and AI agents.',
      '# Agents: start at /llms.txt (a Markdown map of the site; every page also has a .md twin),',
      `# ${absoluteUrl('/llms.txt')} and ${absoluteUrl('/llms-full.txt')}; how to use the site and its API:`,
      `# ${absoluteUrl('/.well-known/agent-instructions.md')}`,
      'User-agent: *',
      'Allow: /',
      '',
      `Sitemap: ${absoluteUrl('/sitemap-index.xml')}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
