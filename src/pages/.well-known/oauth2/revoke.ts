/** POST /.well-known/oauth2/revoke: token revocation (RFC 7009); RFC 6749 error bodies. */
import { endpoint } from '../../../server/http/endpoint';
import { oauthErrorResponse } from '../../../server/oauth/errors';
import { revocationRequest } from '../../../server/oauth/revoke';

export const prerender = false;

export const ALL = endpoint({
  POST: ({ request, locals }) => revocationRequest(request, locals.caller?.ipKey).catch(oauthErrorResponse),
});
