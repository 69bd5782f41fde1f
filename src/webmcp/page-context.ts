/**
 * What the page is (set by the layout as data attributes on <body>), so tools can default to it: on
 * an article, related articles; on a service page, an inquiry about that service; always the page's
 * language.
 */
import type { WebMcpTool } from '../server/documents/webmcp';

export interface PageContext {
  locale: 'pl' | 'en';
  /** `article`, `service`, `pricing`, … (absent on pages that are not content). */
  type?: string;
  slug?: string;
  title?: string;
  tags: string[];
}

export function pageContext(): PageContext {
  const data = document.body.dataset;
  return {
    locale: document.documentElement.lang === 'en' ? 'en' : 'pl',
    type: data.pageType,
    slug: data.pageSlug,
    title: data.pageTitle,
    tags: data.pageTags ? data.pageTags.split(' ').filter(Boolean) : [],
  };
}

const accepts = (tool: WebMcpTool, field: string) => Object.hasOwn((tool.inputSchema.properties ?? {}) as object, field);

/** Fills what the agent left out from the page; what the agent gave always wins. */
export function withPageDefaults(tool: WebMcpTool, input: Record<string, unknown>, page: PageContext): Record<string, unknown> {
  const filled = { ...input };
  if (accepts(tool, 'locale') && filled.locale === undefined) filled.locale = page.locale;
  if (tool.name === 'articles_recommend' && page.type === 'article' && filled.query === undefined && filled.tags === undefined && page.tags.length) {
    filled.tags = page.tags;
  }
  if (tool.name === 'service_inquiry_submit' && page.type === 'service' && filled.supportArea === undefined && page.title) {
    filled.supportArea = page.title;
  }
  return filled;
}
