/** POST /.well-known/oauth2/token: access (and refresh) tokens; RFC 6749 error bodies. */
import { endpoint } from '../../../server/http/endpoint';
import { oauthErrorResponse } from '../../../server/oauth/errors';
import { tokenRequest } from '../../../server/oauth/token';

export const prerender = false;

export const ALL = endpoint({
  POST: ({ request, locals }) => tokenRequest(request, locals.caller?.ipKey).catch(oauthErrorResponse),
});
