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
    ['unwraps a mapped address written in hex', '10.0.0.9', '::ffff:c633:6414', 1, '198.51.100.20'],
    ['unwraps a mapped address in capitals and written in full', '10.0.0.9', '0:0:0:0:0:FFFF:C633:6414', 1, '198.51.100.20'],
    ['unwraps a bracketed mapped address', '10.0.0.9', '[::ffff:198.51.100.20]', 1, '198.51.100.20'],
    ['writes IPv6 in its one canonical form', '10.0.0.9', '2001:DB8:0:0:0:0:0:1', 1, '2001:db8::1'],
    ['drops an IPv6 zone', 'fe80::1%eth0', null, 0, 'fe80::1'],
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
  it('gives each IPv4 address its own key, whatever the spelling X-Forwarded-For used', () => {
    const keys = ['::ffff:c633:6414', '::ffff:c633:6415', '::FFFF:198.51.100.20'].map((spelling) => rateLimitKey(clientIp('10.0.0.9', spelling, 1)));
    expect(keys).toEqual(['198.51.100.20', '198.51.100.21', '198.51.100.20']);
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
