import { describe, expect, it } from 'vitest';
import { clientIp, rateLimitKey, requestClientKey } from '../../src/server/http/client-ip';

describe('clientIp', () => {
  it.each([
    ['ignores X-Forwarded-For when no proxy is trusted', '10.0.0.9', '1.2.3.4', 0, '10.0.0.9'],
    ['takes the entry the one trusted proxy wrote (rightmost)', '10.0.0.9', '6.6.6.6, 1.2.3.4', 1, '1.2.3.4'],
    ['takes the second from the right behind two proxies', '10.0.0.9', '6.6.6.6, 1.2.3.4, 10.0.0.8', 2, '1.2.3.4'],
    ['uses the socket when the header is absent', '10.0.0.9', null, 1, '10.0.0.9'],
    ['ignores garbage in the header', '10.0.0.9', 'not-an-ip', 1, '10.0.0.9'],
    ['unwraps IPv4-mapped IPv6 socket addresses', '::ffff:127.0.0.1', null, 0, '127.0.0.1'],
  ])('%s', (_name, socket, forwarded, hops, expected) => {
    expect(clientIp(socket, forwarded, hops)).toBe(expected);
  });
});

describe('rateLimitKey', () => {
  it('keeps IPv4 addresses', () => expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7'));
  it('groups IPv6 addresses by /64, so rotating within a line does not help', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('requestClientKey', () => {
  it('keys a request as the middleware does, and a client that hung up as one shared key', () => {
    expect(requestClientKey(() => '203.0.113.9', '198.51.100.1', 1)).toBe('198.51.100.1');
    expect(requestClientKey(() => '::ffff:203.0.113.9', '198.51.100.1', 0)).toBe('203.0.113.9');
    expect(requestClientKey(() => '2001:db8:1:2:3:4:5:6', null, 0)).toBe('2001:db8:1:2::/64');
    expect(requestClientKey(() => { throw new Error('ClientAddressNotAvailable'); }, null, 0)).toBe('disconnected');
  });
});
