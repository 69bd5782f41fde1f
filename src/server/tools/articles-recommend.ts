/** articles_recommend: the site's articles that best match what the person asks about. */
import { ArticlesRecommendInput, ArticlesRecommendOutput } from '../schemas/tools';
import { defineTool } from './tool';

/** Lowercase words without diacritics (so "kopie" matches "Kopie" and "łatwo" matches "latwo"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1);
}

/** Share of the query words found in a text, weighted by where: title, tags, summary, body. */
function relevance(queryWords: string[], fields: { title: string; tags: string[]; summary: string; body: string }): number {
  if (queryWords.length === 0) return 1;
  const title = new Set(words(fields.title));
  const tags = new Set(fields.tags.flatMap(words));
  const summary = new Set(words(fields.summary));
  const body = new Set(words(fields.body));
  const has = (set: Set<string>, word: string) => set.has(word) || [...set].some((other) => other.length > 3 && word.length > 3 && (other.startsWith(word) || word.startsWith(other)));
  let score = 0;
  for (const word of queryWords) {
    if (has(title, word)) score += 1;
    else if (has(tags, word)) score += 0.9;
    else if (has(summary, word)) score += 0.7;
    else if (has(body, word)) score += 0.4;
  }
  return Math.round((score / queryWords.length) * 1000) / 1000;
}

export const articlesRecommend = defineTool({
  name: 'articles_recommend',
  title: 'Recommend articles',
  labels: { pl: 'Polecane artykuły', en: 'Recommended articles' },
  description:
    'Finds articles on this site (web design, IT support, backups, automation for NGOs and small businesses) that match a question or topic. ' +
    'Give `query` (the topic in the person\'s words) and/or `tags`; with neither, the newest articles come back. ' +
    'Returns title, summary, page URL and a Markdown URL you can fetch to read the full text. Read-only.',
  input: ArticlesRecommendInput,
  output: ArticlesRecommendOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: 'mcp:read',
  example: { query: 'kopie zapasowe', locale: 'pl', limit: 3 },
  async run(input) {
    const { getCatalog, recordsOf } = await import('../catalog');
    const catalog = await getCatalog();
    const queryWords = input.query ? words(input.query) : [];
    const wantedTags = new Set((input.tags ?? []).map((tag) => tag.toLowerCase()));
    const ranked = recordsOf(catalog, 'article', input.locale)
      .map((article) => {
        let score = relevance(queryWords, article);
        const tagHit = article.tags.some((tag) => wantedTags.has(tag));
        if (wantedTags.size > 0) score = queryWords.length ? (tagHit ? Math.min(1, score + 0.3) : score * 0.5) : tagHit ? 1 : 0;
        return { article, score };
      })
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || (b.article.published?.getTime() ?? 0) - (a.article.published?.getTime() ?? 0))
      .slice(0, input.limit);
    const articles = ranked.map(({ article, score }) => ({
      id: article.id,
      title: article.title,
      summary: article.summary,
      url: article.url,
      markdownUrl: article.markdownUrl,
      tags: article.tags,
      published: article.published?.toISOString().slice(0, 10),
      score,
    }));
    const none = input.locale === 'pl' ? 'Nie znaleziono pasujących artykułów.' : 'No matching articles found.';
    const text = articles.length
      ? articles.map((article) => `- ${article.title}: ${article.summary} ${article.url}`).join('\n')
      : none;
    return { structured: { locale: input.locale, query: input.query, articles }, text };
  },
});
