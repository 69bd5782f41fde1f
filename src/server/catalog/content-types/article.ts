/** Articles: dated, tagged, with an author and a cover; listed newest first, in RSS and by topic. */
import { articleFrontmatter } from '../../schemas/content';
import { paths } from '../../base/urls';
import { defineContentType } from './content-type';

export const article = defineContentType({
  type: 'article',
  collection: 'articles',
  folder: 'articles',
  schema: (image) => articleFrontmatter(image),
  path: paths.article,
  drafts: true,
  detailPages: true,
  load(entries, context) {
    for (const entry of entries) {
      const { cover } = entry.data;
      context.add({
        ...context.baseFields(entry),
        tags: entry.data.tags, published: entry.data.published, updated: entry.data.updated, author: entry.data.author,
        ...(cover ? { cover: { url: context.absoluteUrl(cover.src.src), alt: cover.alt, width: cover.src.width, height: cover.src.height } } : {}),
      });
    }
  },
  llms: { section: 'Articles', fullTextRank: 4 },
  ask: {},
});
