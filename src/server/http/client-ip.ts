/**
 * The client address used for rate limits. The socket address is the truth; X-Forwarded-For is
 * believed only for the number of proxy hops TRUST_PROXY names, counted from the right, so a
 * client cannot forge its way around a limit by adding entries on the left.
 */
export function clientIp(socketAddress: string, forwardedFor: string | null, trustedHops: number): string {
  if (trustedHops <= 0 || !forwardedFor) return normalise(socketAddress);
  const chain = forwardedFor.split(',').map((part) => part.trim()).filter(Boolean);
  // With n trusted proxies, the nth entry from the right was written by the outermost trusted proxy.
  const index = chain.length - trustedHops;
  const candidate = chain[Math.max(index, 0)];
  return normalise(candidate ?? socketAddress);
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
