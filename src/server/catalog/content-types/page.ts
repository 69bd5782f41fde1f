/** The studio's other pages (about, privacy policy, webhooks): a title, a summary and a body. */
import { PageFrontmatter } from '../../schemas/content';
import { paths } from '../../base/urls';
import { defineContentType } from './content-type';

export const page = defineContentType({
  type: 'page',
  collection: 'pages',
  folder: 'pages',
  schema: () => PageFrontmatter,
  path: paths.page,
  drafts: false,
  detailPages: true,
  llms: { section: 'Company', fullTextRank: 5 },
  // They answer questions too: who the studio is, what happens to a visitor's data, how to follow new articles by machine.
  ask: {},
});
