/**
 * articles_recommend: the site's articles that best match what the person asks about, ranked by the
 * /ask index (src/server/ask), so MCP, the chat and /ask answer the same question the same way.
 */
import { ask } from '../ask';
import { CONFIDENT } from '../ask/engine';
import { articlesOf, getCatalog, type CatalogRecord } from '../catalog';
import { ArticlesRecommendInput, ArticlesRecommendOutput } from '../schemas/tools';
import { ui } from '../../i18n/ui';
import { defineTool, toolTexts } from './tool';

/**
 * /ask lists weak guesses too (its readers see each confidence); an article is recommended only when
 * /ask is confident in it, so an unrelated question gets no articles rather than a guess. The order
 * is /ask's.
 */
export const RECOMMENDATION_FLOOR = CONFIDENT;

export const articlesRecommend = defineTool({
  name: 'articles_recommend',
  title: 'Recommend articles',
  role: 'reading on a topic',
  ...toolTexts('articles_recommend'),
  input: ArticlesRecommendInput,
  output: ArticlesRecommendOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  needsApproval: false,
  budget: 'ask',
  scope: 'mcp:read',
  example: { query: 'kopie zapasowe', locale: 'pl', limit: 3 },
  async run(input) {
    const catalog = await getCatalog();
    const wantedTags = new Set((input.tags ?? []).map((tag) => tag.toLowerCase()));
    let ranked: Array<{ article: CatalogRecord; score: number }>;
    if (input.query) {
      const answer = await ask({
        query: { text: input.query },
        locale: input.locale,
        context: { types: ['article'], limit: input.limit, ...(wantedTags.size ? { tags: [...wantedTags] } : {}) },
      });
      ranked = answer.results.flatMap((result) => {
        const article = catalog.byId.get(result.id);
        return article && result.confidence >= RECOMMENDATION_FLOOR ? [{ article, score: result.confidence }] : [];
      });
    } else {
      // No question: the newest articles, or the newest with one of the tags.
      ranked = articlesOf(catalog, input.locale)
        .filter((article) => wantedTags.size === 0 || article.tags.some((tag) => wantedTags.has(tag)))
        .slice(0, input.limit)
        .map((article) => ({ article, score: 1 }));
    }
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
    const none = ui[input.locale === 'pl' ? 'pl' : 'en'].tools.articles_recommend.none;
    const text = articles.length
      ? articles.map((article) => `- ${article.title}: ${article.summary} ${article.url}`).join('\n')
      : none;
    return { data: { locale: input.locale, query: input.query, articles }, text };
  },
});
