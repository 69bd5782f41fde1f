/**
 * /llms.txt (llmstxt.org: H1, one-line blockquote summary, a paragraph, H2 sections of
 * `- [title](url): note` lines, an "Optional" section) and /llms-full.txt (all content in Markdown).
 * Pure functions of a catalog and the site's base URL.
 */
import { languageName, type Locale } from '../base/i18n';
import { recordsOf, type Catalog, type CatalogRecord } from '../catalog/records';
import { contentTypes, type AnyContentType } from '../catalog/content-types';
import { paths, routePaths } from '../base/urls';
import { markdownTwinOf } from './markdown';
import { oneLine } from './format';

/** One link line; the format forbids `]` in titles and `)` in URLs, and a note is one line. */
export function linkLine(title: string, url: string, note?: string): string {
  const safeTitle = oneLine(title).replace(/[[\]]/g, '');
  const safeUrl = url.replace(/\)/g, '%29').replace(/\s/g, '%20');
  return `- [${safeTitle}](${safeUrl})${note ? `: ${oneLine(note)}` : ''}`;
}

/** The routes /llms.txt links to (section "API and agents" or "Optional"); `href` when the URL is not the path. */
const routeLinks: { path: string; section: 'api' | 'optional'; title: string; note: string; href?: string }[] = [
  { path: routePaths.agentInstructionsMd, section: 'api', title: 'Agent instructions', note: 'how an agent should use this site: content, MCP tools, /ask, REST, limits, booking flow, etiquette' },
  { path: routePaths.agentInstructionsJson, section: 'optional', title: 'Agent instructions (JSON)', note: 'the agent instructions as JSON' },
  { path: routePaths.llmsFull, section: 'optional', title: 'Full content', note: 'every article, service, price and page of both languages in one Markdown file' },
  { path: routePaths.rss, section: 'optional', title: 'RSS (Polish)', note: 'new articles in Polish' },
  { path: routePaths.rssEn, section: 'optional', title: 'RSS (English)', note: 'new articles in English' },
  { path: routePaths.webMcpTools, section: 'optional', title: 'WebMCP tools', note: 'the tools pages register in browsers with WebMCP (the MCP schemas, descriptions per language)' },
  { path: routePaths.mcp, section: 'api', title: 'MCP server', note: 'Model Context Protocol over JSON-RPC 2.0 (POST); GET describes the tools (JSON, Markdown or SSE)' },
  { path: routePaths.wellKnownServerCardJson, section: 'api', title: 'MCP server card', note: 'MCP discovery document' },
  { path: routePaths.mcpManifest, section: 'optional', title: 'MCP manifest', note: 'the MCP server, its transport and tools' },
  { path: routePaths.mcpConnectors, section: 'optional', title: 'MCP connectors', note: 'how to add this MCP server to a client' },
  { path: routePaths.agentCard, section: 'api', title: 'Agent card', note: 'A2A agent card of the A2A endpoint /a2a' },
  { path: routePaths.agentJson, section: 'optional', title: 'Agent card (A2A 0.2 location)', note: 'the agent card at its older address' },
  { path: routePaths.aiPlugin, section: 'api', title: 'AI plugin manifest', note: 'plugin manifest pointing to the OpenAPI description' },
  {
    path: routePaths.ask, section: 'api', title: 'Natural-language query',
    note: 'POST a question, or GET /ask?query=…, get ranked articles, services, prices and flows (JSON or SSE); GET /ask without a query says how to ask',
  },
  { path: routePaths.a2a, section: 'api', title: 'A2A agent', note: 'Agent2Agent JSON-RPC (protocol 1.0 and 0.3): POST message/send or message/stream a question, get /ask\'s ranked resources; GET says where the card is (/.well-known/agent-card.json)' },
  { path: routePaths.chatStatus, section: 'api', title: 'Chat assistant', note: 'whether the website chat can answer now; POST /api/chat talks to it (AI SDK UI message stream, write tools wait for the person\'s approval)' },
  { path: routePaths.apiCatalog, section: 'api', title: 'API catalog', note: 'the public endpoints with methods, purposes and rate limits (JSON)' },
  { path: routePaths.errorFormat, section: 'api', title: 'Error format', note: 'the ErrorResponse shape and the closed list of error codes' },
  { path: routePaths.openapi, section: 'api', title: 'OpenAPI description', note: 'every REST endpoint, request and response schema' },
  { path: routePaths.status, section: 'optional', title: 'Service status', note: 'which providers this deployment uses and whether they answer (?format=json)', href: paths.status('pl') },
];

function recordLine(item: CatalogRecord): string {
  return linkLine(item.title, item.markdownUrl, `${item.summary} (${languageName[item.locale]})`);
}

function recordsOfBoth(pick: (locale: Locale) => CatalogRecord[]): string[] {
  return (['pl', 'en'] as const).flatMap((locale) => pick(locale).map(recordLine));
}

export function llmsTxt(catalog: Catalog, siteUrl: string, types: readonly AnyContentType[] = contentTypes): string {
  const pl = catalog.site.pl;
  const en = catalog.site.en;
  const url = (path: string) => `${siteUrl}${path}`;
  const routeLines = (section: 'api' | 'optional') =>
    routeLinks.flatMap((link) => (link.section === section ? [linkLine(link.title, url(link.href ?? link.path), link.note)] : []));
  const sections: Array<[string, string[]]> = [
    // A section per content type, in the registry's order.
    ...types.flatMap(({ type, llms }): Array<[string, string[]]> => (llms ? [[llms.section, [
      ...(llms.lead ? [linkLine(llms.lead.title, url(llms.lead.path), llms.lead.note)] : []),
      ...recordsOfBoth((locale) => recordsOf(catalog, type, locale)),
    ]]] : [])),
    ['API and agents', routeLines('api')],
    ['Optional', [
      ...routeLines('optional'),
      // Not routes of their own: a content page and the sitemap integration's output.
      linkLine('Webhook policy', url('/webhooks/'), 'no outbound webhooks today; what to use instead'),
      linkLine('Sitemap', url('/sitemap-index.xml'), 'every HTML page'),
    ]],
  ];
  const intro =
    `${en.name} (${pl.tagline.replace(/\.$/, '')}) publishes a bilingual site: Polish at ${url(paths.home('pl'))}, English at ${url(paths.home('en'))}. ` +
    'Every article, service, case study, pricing and company page has a Markdown twin at its URL with `.md` (listed below). ' +
    `Contact: ${en.email}, ${en.phone}. A free ${catalog.pricing.en.consultation.durationMinutes}-minute consultation can be booked through the MCP tools or ${url(paths.consultation('en'))}.`;
  const body = sections.filter(([, lines]) => lines.length).map(([title, lines]) => `## ${title}\n\n${lines.join('\n')}`);
  return `# ${en.name}\n\n> ${oneLine(en.description)}\n\n${intro}\n\n${body.join('\n\n')}\n`;
}

/** Every record of both languages as Markdown, Polish first, grouped by kind (the registry's `llms.fullTextRank`). */
export function llmsFullTxt(catalog: Catalog, siteUrl: string, types: readonly AnyContentType[] = contentTypes): string {
  const en = catalog.site.en;
  const parts = [`# ${en.name}\n\n> ${oneLine(en.description)}\n\nSource: ${siteUrl}/ (Polish), ${siteUrl}/en/ (English). Every section below is the Markdown twin of one page.`];
  for (const locale of ['pl', 'en'] as const) {
    const site = catalog.site[locale];
    parts.push(`# ${site.name} (${languageName[locale]})\n\n${site.tagline}\n\n${site.body.trim()}\n\n- E-mail: ${site.email}\n- Phone: ${site.phone}\n- Address: ${site.address}\n- NIP: ${site.nip}\n- Hours: ${site.hours}`);
    const ordered = [...types]
      .filter((entry) => entry.llms)
      .sort((a, b) => a.llms!.fullTextRank - b.llms!.fullTextRank)
      .flatMap(({ type }) => recordsOf(catalog, type, locale));
    for (const item of ordered) parts.push(markdownTwinOf(catalog, item).trim());
  }
  return `${parts.join('\n\n---\n\n')}\n`;
}
