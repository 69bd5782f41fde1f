/** /.well-known/mcp/manifest.json: the MCP server in one document (endpoint, auth, tools, resources). */
import { manifest } from '../../../server/mcp/discovery';
import { constantDocument } from '../../../server/http/document';
import { endpoint } from '../../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(manifest) });
