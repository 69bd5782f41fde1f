/** /.well-known/oauth2/authorize: consent page for browsers, a JSON object for other clients. */
import { getCatalog } from '../../../server/catalog';
import { endpoint } from '../../../server/http/endpoint';
import { handleAuthorize } from '../../../server/oauth/authorize-endpoint';

export const prerender = false;

const siteName = async (locale: 'pl' | 'en') => (await getCatalog()).site[locale].name;

export const ALL = endpoint({
  GET: ({ request, locals }) => handleAuthorize(request, siteName, locals.caller?.ipKey),
  POST: ({ request, locals }) => handleAuthorize(request, siteName, locals.caller?.ipKey),
});
