/**
 * Where everything OAuth lives and the two discovery documents: authorization-server metadata
 * (RFC 8414) and protected-resource metadata (RFC 9728), one per protected path.
 */
import { SCOPES, type Scope } from '../base/scopes';
import { getSettings } from '../base/settings';
import { protectedResources } from './enforcement-table';
import { routePaths } from '../base/urls';

export const oauthPaths = {
  authorizationServerMetadata: routePaths.authorizationServer,
  protectedResourceMetadata: routePaths.protectedResource,
  authorize: routePaths.authorize,
  token: routePaths.token,
  register: routePaths.register,
  revoke: routePaths.revoke,
  jwks: routePaths.jwks,
} as const;

/** Lifetimes (seconds), documented in /openapi.json and docs/oauth.md. */
export const ACCESS_TOKEN_TTL = 3600;
export const CODE_TTL = 60;
export const REFRESH_TOKEN_TTL = 30 * 24 * 3600;

/** The issuer is the site itself: SITE_URL without a trailing slash, exactly as in every document. */
export function issuer(): string {
  return getSettings().SITE_URL;
}

export function authorizationServerMetadata() {
  const site = issuer();
  return {
    issuer: site,
    authorization_endpoint: `${site}${oauthPaths.authorize}`,
    token_endpoint: `${site}${oauthPaths.token}`,
    jwks_uri: `${site}${oauthPaths.jwks}`,
    registration_endpoint: `${site}${oauthPaths.register}`,
    revocation_endpoint: `${site}${oauthPaths.revoke}`,
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${site}/api`,
    ui_locales_supported: ['pl', 'en'],
  };
}

/** The resource identifier (RFC 8707) of a protected path; the site root names the whole API. */
export function resourceUrl(path: string): string {
  return `${issuer()}${path === '/' ? '' : path}`;
}

/** Protected-resource metadata for the root ('') or a protected path ('/mcp'); undefined when the path is not one. */
export function protectedResourceMetadata(path: string) {
  const resources = protectedResources();
  const normalised = path.replace(/\/+$/, '');
  let scopes: Scope[];
  if (normalised === '') scopes = [...SCOPES];
  else {
    const found = resources.find((resource) => resource.path === normalised);
    if (!found) return undefined;
    scopes = found.scopes;
  }
  const site = issuer();
  return {
    resource: resourceUrl(normalised || '/'),
    authorization_servers: [site],
    jwks_uri: `${site}${oauthPaths.jwks}`,
    scopes_supported: scopes,
    bearer_methods_supported: ['header'],
    resource_name: normalised ? `${site}${normalised}` : site,
    resource_documentation: `${site}/api`,
  };
}

/** The protected-resource metadata URL a 401 for `path` points at (path-specific when the path is protected). */
export function resourceMetadataUrl(path: string): string {
  const normalised = path.replace(/\/+$/, '');
  const known = protectedResources().some((resource) => resource.path === normalised);
  return `${issuer()}${oauthPaths.protectedResourceMetadata}${known ? normalised : ''}`;
}

/** Audiences a token may carry to be used at `path`: the whole site, or that path's own resource. */
export function acceptedAudiences(path: string): string[] {
  const normalised = path.replace(/\/+$/, '');
  const site = issuer();
  return normalised && normalised !== site ? [site, `${site}${normalised}`] : [site];
}

/** Whether `resource` (RFC 8707) names this site or one of its protected paths. */
export function isOwnResource(resource: string): boolean {
  const site = issuer();
  if (resource === site) return true;
  return protectedResources().some((entry) => resource === `${site}${entry.path}`);
}
