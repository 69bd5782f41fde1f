/**
 * GET/POST /.well-known/oauth2/authorize. A browser (Accept: text/html) gets the consent page and,
 * after Allow or Deny (a POST of that form), a 303 to the client's redirect URI. Any other client
 * gets the spec's 200 JSON object: the code, the state and the redirect target it would have been
 * sent to. Requests are stateless: the form carries the original parameters and they are checked again.
 */
import { AppError } from '../errors';
import { readJson } from '../http/body';
import { getSettings } from '../settings';
import { approve, consentLocale, errorTarget, parseAuthorizationRequest } from './authorize';
import { consentPage, errorPage, pageHeaders } from './consent-page';
import { OAuthError, oauthErrorBody, oauthJson } from './errors';
import { issuer, oauthPaths } from './metadata';

function wantsHtml(request: Request): boolean {
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

export async function handleAuthorize(request: Request, siteNameOf: (locale: 'pl' | 'en') => Promise<string>): Promise<Response> {
  const html = wantsHtml(request);
  let params: URLSearchParams;
  let decision: string | null = null;
  if (request.method === 'POST') {
    const origin = request.headers.get('origin');
    // The consent form posts from this site; any other origin is a cross-site forgery attempt.
    if (origin !== null && origin !== new URL(getSettings().SITE_URL).origin) {
      return shown(request, new OAuthError('invalid_request', 'The consent form must be sent from this site.', { status: 403 }), siteNameOf);
    }
    let body: unknown;
    try {
      body = await readJson(request, { allowForm: true, limit: 16 * 1024 });
    } catch (error) {
      return shown(request, new OAuthError('invalid_request', error instanceof AppError ? error.message : 'Unreadable form.'), siteNameOf);
    }
    params = new URLSearchParams(Object.entries(body as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    decision = params.get('decision');
    params.delete('decision');
    if (decision !== 'allow' && decision !== 'deny') return shown(request, new OAuthError('invalid_request', 'decision must be allow or deny.'), siteNameOf);
  } else {
    params = new URL(request.url).searchParams;
  }

  const parsed = await parseAuthorizationRequest(params);
  if (parsed.kind === 'show') return shown(request, parsed.error, siteNameOf);
  if (parsed.kind === 'redirect') {
    const target = errorTarget(parsed.redirectUri, parsed.error, parsed.state);
    if (html || request.method === 'POST') return redirect(target, request.method === 'POST' ? 303 : 302);
    return oauthJson({ ...oauthErrorBody(parsed.error), ...(parsed.state !== undefined ? { state: parsed.state } : {}), redirect_to: target }, 400);
  }

  const authorization = parsed.request;
  if (decision === 'deny') {
    return redirect(errorTarget(authorization.redirectUri, new OAuthError('access_denied', 'The person denied access.'), authorization.state), 303);
  }
  if (decision === 'allow') return redirect((await approve(authorization)).target, 303);

  if (html) {
    const locale = consentLocale(params, request.headers.get('accept-language'));
    const body = consentPage({
      locale,
      siteName: await siteNameOf(locale),
      clientName: authorization.client.clientName,
      clientId: authorization.client.clientId,
      redirectUri: authorization.redirectUri,
      scopes: authorization.scopes,
      parameters: [...params.entries()],
      action: `${issuer()}${oauthPaths.authorize}`,
    });
    return new Response(body, { headers: { ...pageHeaders(authorization.redirectUri), 'Content-Language': locale } });
  }
  const { code, target } = await approve(authorization);
  return oauthJson({
    code,
    ...(authorization.state !== undefined ? { state: authorization.state } : {}),
    iss: issuer(),
    redirect_uri: authorization.redirectUri,
    redirect_to: target,
  });
}

function redirect(location: string, status: 302 | 303): Response {
  return new Response(null, { status, headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
}

async function shown(request: Request, error: OAuthError, siteNameOf: (locale: 'pl' | 'en') => Promise<string>): Promise<Response> {
  if (!wantsHtml(request)) return oauthJson(oauthErrorBody(error), error.status === 401 ? 400 : error.status);
  const url = new URL(request.url);
  const locale = consentLocale(url.searchParams, request.headers.get('accept-language'));
  return new Response(errorPage(locale, await siteNameOf(locale), { error: error.error, message: error.message }, `${getSettings().SITE_URL}${locale === 'en' ? '/en/' : '/'}`), {
    status: error.status === 401 ? 400 : error.status,
    headers: { ...pageHeaders(), 'Content-Language': locale },
  });
}
