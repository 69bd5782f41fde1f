/**
 * articles_recommend: the site's articles that best match what the person asks about, ranked by the
 * /ask index (src/server/ask), so MCP, the chat and /ask answer the same question the same way.
 */
import { ask } from '../ask';
import { CONFIDENT } from '../ask/engine';
import { articlesOf, getCatalog, type CatalogRecord } from '../catalog';
import { ArticlesRecommendInput, ArticlesRecommendOutput } from '../schemas/tools';
import { defineTool } from './tool';

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
  labels: { pl: 'Polecane artykuły', en: 'Recommended articles' },
  descriptions: {
    en:
      'Finds articles on this site (web design, IT support, backups, automation for NGOs and small businesses) that match a question or topic. ' +
      'Give `query` (the topic in the person\'s words) and/or `tags`; with neither, the newest articles come back. ' +
      'Returns title, summary, page URL and a Markdown URL you can fetch to read the full text. Read-only.',
    pl:
      'Wyszukuje artykuły z tej strony (projektowanie stron, wsparcie IT, kopie zapasowe, automatyzacja dla organizacji pozarządowych i małych firm) pasujące do pytania lub tematu. ' +
      'Podaj `query` (temat słowami rozmówcy) i/lub `tags`; bez żadnego z nich dostaniesz najnowsze artykuły. ' +
      'Zwraca tytuł, streszczenie, adres strony i adres wersji Markdown, którą można pobrać, by przeczytać cały tekst. Tylko odczyt.',
  },
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
    const none = input.locale === 'pl' ? 'Nie znaleziono pasujących artykułów.' : 'No matching articles found.';
    const text = articles.length
      ? articles.map((article) => `- ${article.title}: ${article.summary} ${article.url}`).join('\n')
      : none;
    return { data: { locale: input.locale, query: input.query, articles }, text };
  },
});
