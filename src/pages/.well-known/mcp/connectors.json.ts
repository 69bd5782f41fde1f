/** /.well-known/mcp/connectors.json: how MCP clients connect (connector entry and client configuration). */
import { connectors } from '../../../server/mcp/discovery';
import { constantDocument } from '../../../server/http/document';
import { endpoint } from '../../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(connectors) });
