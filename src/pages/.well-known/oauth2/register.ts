/** POST /.well-known/oauth2/register: dynamic client registration (RFC 7591) for public clients. */
import { AppError } from '../../../server/base/errors';
import { readJson } from '../../../server/http/body';
import { bodyLimits } from '../../../server/http/body-limits';
import { endpoint } from '../../../server/http/endpoint';
import { OAuthError, oauthErrorResponse, oauthJson } from '../../../server/oauth/errors';
import { registerClient } from '../../../server/oauth/register';

export const prerender = false;

export const ALL = endpoint({
  POST: async ({ request, locals }) => {
    try {
      const body = await readJson(request, { limit: bodyLimits.oauth }).catch((error: unknown) => {
        throw new OAuthError('invalid_client_metadata.unreadable', { cause: error instanceof AppError ? error : undefined });
      });
      return oauthJson(await registerClient(body, locals.caller?.ipKey), 201);
    } catch (error) {
      return oauthErrorResponse(error);
    }
  },
});
