/** The legacy ChatGPT plugin manifest, pointing at /openapi.json and the MCP server. */
import { getCatalog } from '../../server/catalog';
import { aiPlugin } from '../../server/mcp/discovery';
import { constantDocument } from '../../server/http/document';
import { endpoint } from '../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(async () => aiPlugin(await getCatalog())) });
