import { getCatalog } from '../server/catalog';
import { pricingMarkdown } from '../server/documents/markdown';
import { constantDocument } from '../server/http/document';

export const prerender = true;

export const GET = constantDocument(async () => pricingMarkdown(await getCatalog()), { contentType: 'text/markdown; charset=utf-8' });
