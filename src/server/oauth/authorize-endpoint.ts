/**
 * GET/POST /.well-known/oauth2/authorize. A browser (Accept preferring HTML to JSON) gets the consent page and,
 * after Allow or Deny (a POST of that form), a 303 to the client's redirect URI. Any other client
 * gets a 200 JSON object: the code, the state and the redirect target it would have been
 * sent to; or, when a person must approve (needsPerson), no code but the URL to open in a browser.
 * Requests are stateless: the form carries the original parameters and they are checked again.
 */
import { AppError, oauthError } from '../base/errors';
import { readJson } from '../http/body';
import { bodyLimits } from '../http/body-limits';
import { mediaTypes, preferredMediaType } from '../http/negotiate';
import { getSettings } from '../base/settings';
import { approve, consentLocale, errorTarget, needsPerson, parseAuthorizationRequest } from './authorize';
import { consentPage, errorPage, pageHeaders } from './consent-page';
import { OAuthError, oauthErrorBody, oauthErrorResponse, oauthJson } from './errors';
import { issuer, oauthPaths } from './metadata';
import { paths } from '../base/urls';

/** A browser: Accept prefers HTML to JSON (no Accept, or any type, is a program). */
function wantsHtml(request: Request): boolean {
  return preferredMediaType(request.headers.get('accept'), [mediaTypes.json, mediaTypes.html]) === mediaTypes.html;
}

type SiteNameOf = (locale: 'pl' | 'en') => Promise<string>;

/** `clientKey`: the caller's IP key, whose hourly code budget each issued code spends. */
export async function handleAuthorize(request: Request, siteNameOf: SiteNameOf, clientKey: string | undefined): Promise<Response> {
  try {
    return await authorizeRequest(request, siteNameOf, clientKey);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
    return limited(request, error, siteNameOf);
  }
}

async function authorizeRequest(request: Request, siteNameOf: SiteNameOf, clientKey: string | undefined): Promise<Response> {
  const html = wantsHtml(request);
  let params: URLSearchParams;
  let decision: string | null = null;
  if (request.method === 'POST') {
    const origin = request.headers.get('origin');
    // The consent form posts from this site; any other origin is a cross-site forgery attempt.
    if (origin !== null && origin !== new URL(getSettings().SITE_URL).origin) {
      return shown(request, new OAuthError('invalid_request.foreign_form', undefined, { status: 403 }), siteNameOf);
    }
    let body: unknown;
    try {
      body = await readJson(request, { allowForm: true, limit: bodyLimits.oauth });
    } catch (error) {
      return shown(request, new OAuthError('invalid_request.unreadable_form', { cause: error instanceof AppError ? error : undefined }), siteNameOf);
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return shown(request, new OAuthError('invalid_request.form_not_object'), siteNameOf);
    params = new URLSearchParams(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    decision = params.get('decision');
    params.delete('decision');
    if (decision !== 'allow' && decision !== 'deny') return shown(request, new OAuthError('invalid_request.decision'), siteNameOf);
  } else {
    params = new URL(request.url).searchParams;
  }

  const parsed = await parseAuthorizationRequest(params, clientKey);
  if (parsed.kind === 'show') return shown(request, parsed.error, siteNameOf);
  if (parsed.kind === 'redirect') {
    const target = errorTarget(parsed.redirectUri, parsed.error, parsed.state);
    if (html || request.method === 'POST') return redirect(target, request.method === 'POST' ? 303 : 302);
    return oauthJson({ ...oauthErrorBody(parsed.error), ...(parsed.state !== undefined ? { state: parsed.state } : {}), redirect_to: target }, 400);
  }

  const authorization = parsed.request;
  if (decision === 'deny') {
    return redirect(errorTarget(authorization.redirectUri, new OAuthError('access_denied.person'), authorization.state), 303);
  }
  if (decision === 'allow') return redirect((await approve(authorization, clientKey)).target, 303);

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
  if (needsPerson(authorization.client)) {
    // No code without a person: the same request, opened in a browser, is the consent page.
    return oauthJson({
      approval_required: true,
      approve_at: `${issuer()}${oauthPaths.authorize}?${params}`,
      ...(authorization.state !== undefined ? { state: authorization.state } : {}),
      iss: issuer(),
      redirect_uri: authorization.redirectUri,
      message: 'A person must approve this client: open approve_at in a browser and press Allow. The code then arrives at redirect_uri with this state.',
    });
  }
  const { code, target } = await approve(authorization, clientKey);
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

/** Over the hourly code budget: 429 with Retry-After, as the OAuth error body or, for a person, the error page. */
async function limited(request: Request, error: AppError, siteNameOf: SiteNameOf): Promise<Response> {
  if (!wantsHtml(request)) return oauthErrorResponse(error);
  return shown(request, error, siteNameOf);
}

/** An error shown to whoever asked (never redirected): a person reads it in their language. */
async function shown(request: Request, error: AppError, siteNameOf: SiteNameOf): Promise<Response> {
  const answer = oauthError(error);
  // Nobody authenticated here: a 401 would ask for credentials the authorization endpoint never takes.
  const status = answer.status === 401 ? 400 : answer.status;
  if (!wantsHtml(request)) return oauthJson(answer.body, status, answer.headers);
  const url = new URL(request.url);
  const locale = consentLocale(url.searchParams, request.headers.get('accept-language'));
  return new Response(errorPage(locale, await siteNameOf(locale), { error: answer.body.error, message: error.messageIn(locale) }, `${getSettings().SITE_URL}${paths.home(locale)}`), {
    status,
    headers: { ...pageHeaders(), ...answer.headers, 'Content-Language': locale },
  });
}
