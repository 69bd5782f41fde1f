/**
 * GET /.well-known/oauth-protected-resource/<path>: RFC 9728 metadata of one protected path (/mcp,
 * /api/mcp, /ask, …), the URL MCP clients try first (RFC 9728 §3.1 path insertion).
 */
import { fault } from '../../../server/base/errors';
import { constantDocument } from '../../../server/http/document';
import { endpoint, type Handler } from '../../../server/http/endpoint';
import { protectedResourceMetadata } from '../../../server/oauth/metadata';

export const prerender = false;

/** One constant document per protected path (a handful: only known paths have one). */
const documents = new Map<string, Handler>();

export const ALL = endpoint({
  GET: (context) => {
    const path = `/${context.params.resource ?? ''}`;
    const document = protectedResourceMetadata(path);
    if (!document) throw fault('not_found.protected_resource', { path });
    let handler = documents.get(path);
    if (!handler) documents.set(path, (handler = constantDocument(() => document)));
    return handler(context);
  },
});
