import { getCatalog } from '../server/catalog';
import { llmsFullTxt } from '../server/documents/llms';
import { constantDocument } from '../server/http/document';
import { getSettings } from '../server/base/settings';

export const prerender = true;

export const GET = constantDocument(async () => llmsFullTxt(await getCatalog(), getSettings().SITE_URL), { contentType: 'text/plain; charset=utf-8' });
