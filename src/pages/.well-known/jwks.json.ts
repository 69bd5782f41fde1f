/** GET /.well-known/jwks.json: the public key that signs access tokens (jwks_uri of the metadata). */
import { constantDocument } from '../../server/http/document';
import { endpoint } from '../../server/http/endpoint';
import { jwks } from '../../server/oauth/keys';

export const prerender = false;

export const ALL = endpoint({ GET: constantDocument(jwks, { contentType: 'application/jwk-set+json' }) });
