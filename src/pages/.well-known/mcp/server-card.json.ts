/** The server card where scanners look for it (same document as /mcp/server-card). */
import { serverCard } from '../../../server/mcp/discovery';
import { SERVER_CARD_MEDIA_TYPE } from '../../../server/schemas/mcp';
import { constantDocument } from '../../../server/http/document';
import { endpoint } from '../../../server/http/endpoint';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(serverCard, { contentType: SERVER_CARD_MEDIA_TYPE }) });
