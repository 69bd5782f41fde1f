/** GET /.well-known/oauth-authorization-server: RFC 8414 authorization-server metadata. */
import { constantDocument } from '../../server/http/document';
import { endpoint } from '../../server/http/endpoint';
import { authorizationServerMetadata } from '../../server/oauth/metadata';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(authorizationServerMetadata) });
