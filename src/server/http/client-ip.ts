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
  return (candidate && canonicalAddress(candidate)) || normalise(socketAddress);
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

/**
 * One spelling per address, so a client cannot multiply its budgets by rewriting its address (or
 * share another's): IPv6 in the canonical text of RFC 5952 (lower case, zeros compressed, no zone,
 * no brackets), and an IPv4-mapped address (::ffff:0:0/96, dotted or hex) as the IPv4 address it
 * carries. Undefined for what is not an address.
 */
export function canonicalAddress(text: string): string | undefined {
  const address = text.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return undefined;
  // The WHATWG URL parser writes an IPv6 host in exactly that canonical form.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function normalise(address: string): string {
  return canonicalAddress(address) ?? address;
}
