/** GET /.well-known/oauth-protected-resource: RFC 9728 metadata of the whole API (resource = SITE_URL). */
import { constantDocument } from '../../server/http/document';
import { endpoint } from '../../server/http/endpoint';
import { protectedResourceMetadata } from '../../server/oauth/metadata';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(() => protectedResourceMetadata('')) });
