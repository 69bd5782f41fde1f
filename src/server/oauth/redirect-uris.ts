/** Which redirect URIs a client may register and use, and when a request's URI matches a registered one. */
import { getSettings } from '../base/settings';

const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost'];

/** Redirect URIs a client may register or use: loopback addresses on any port, plus the listed OAUTH_REDIRECT_URIS. */
export function redirectUriAllowed(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash || uri.includes('#') || url.username || url.password) return false;
  if (configuredRedirectUris().includes(uri)) return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname);
}

/**
 * Whether the redirect URI of a request matches a registered one: exactly (RFC 9700 §4.1.3), except
 * that an http loopback URI may name any port (RFC 8252 §7.3: a native client listens on whatever
 * port is free, and may register none). Everything but the port must still be identical.
 */
export function redirectUriMatches(registered: string, sent: string): boolean {
  if (registered === sent) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(registered);
    b = new URL(sent);
  } catch {
    return false;
  }
  if (a.protocol !== 'http:' || b.protocol !== 'http:' || !LOOPBACK_HOSTS.includes(a.hostname) || a.hostname !== b.hostname) return false;
  if (a.username || a.password || b.username || b.password || b.hash || sent.includes('#')) return false;
  // Without their ports, the two must be the same character for character.
  const withoutPort = (uri: string) => uri.replace(/^(http:\/\/(?:127\.0\.0\.1|\[::1\]|localhost))(?::\d{1,5})?(?=[/?]|$)/, '$1');
  return withoutPort(registered) === withoutPort(sent);
}

export function configuredRedirectUris(): string[] {
  return (getSettings().OAUTH_REDIRECT_URIS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
