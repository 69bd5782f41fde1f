/**
 * The client address used for rate limits. The socket address is the truth; X-Forwarded-For is
 * believed only for the number of proxy hops TRUST_PROXY names, counted from the right, so a
 * client cannot forge its way around a limit by adding entries on the left.
 */
import { isIP } from 'node:net';

export function clientIp(socketAddress: string, forwardedFor: string | null, trustedHops: number): string {
  if (trustedHops <= 0 || !forwardedFor) return normalise(socketAddress);
  const chain = forwardedFor.split(',').map((part) => part.trim()).filter(Boolean);
  // With n trusted proxies, the nth entry from the right was written by the outermost trusted proxy.
  // A chain shorter than that did not pass through all of them: its left end is the best we have.
  const candidate = chain[Math.max(chain.length - trustedHops, 0)];
  // Garbage in the header (not an address) is ignored rather than used as a key.
  return candidate && isIP(normalise(candidate)) ? normalise(candidate) : normalise(socketAddress);
}

/**
 * The rate-limit key of an address: IPv4 as is, IPv6 by its /64 prefix, because one subscriber
 * line usually owns a whole /64 and could otherwise rotate addresses to dodge the limit.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16)).join(':')}::/64`;
}

/**
 * The rate-limit key of a request (the middleware's; pages and endpoints find it in `locals.caller`).
 * `socketAddress` may throw (Astro's ClientAddressNotAvailable): the client hung up before we looked.
 */
export function requestClientKey(socketAddress: () => string, forwardedFor: string | null, trustedHops: number): string {
  let address: string;
  try {
    address = socketAddress();
  } catch {
    address = 'disconnected';
  }
  return rateLimitKey(clientIp(address, forwardedFor, trustedHops));
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
