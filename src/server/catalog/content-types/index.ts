/**
 * The registry of content types: every kind of content the site publishes, in the order /llms.txt
 * lists them (services before case studies, which name them). A new kind is a schema
 * (src/server/schemas/content.ts), an entry here, its page templates and its texts:
 * docs/architecture.md, "A new page type".
 */
import type { RecordType } from '../records';
import { article } from './article';
import { caseStudy } from './case-study';
import type { ContentType } from './content-type';
import { page } from './page';
import { pricing } from './pricing';
import { service } from './service';

export * from './content-type';

/** Any registry entry (its hooks are typed by its own schema). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyContentType = ContentType<any>;

export const contentTypes = [service, caseStudy, article, pricing, page] as const satisfies readonly AnyContentType[];

/** The entry of a record type. */
export function contentTypeOf(type: RecordType, types: readonly AnyContentType[] = contentTypes): AnyContentType {
  const found = types.find((entry) => entry.type === type);
  if (!found) throw new Error(`no content type "${type}" in the registry`);
  return found;
}
