/** The pure parts of Client ID Metadata Documents and loopback redirects: which URLs, addresses, cache lifetimes and redirect URIs pass. */
import { describe, expect, it } from 'vitest';
import { cacheSeconds, isMetadataDocumentUrl, isPublicAddress, isPublicHostName } from '../../src/server/oauth/client-metadata-document';
import { redirectUriMatches } from '../../src/server/oauth/clients';
import { parseSettings } from '../../src/server/base/settings';

describe('metadata document URLs', () => {
  it.each([
    ['https://app.example.com/oauth/client.json', true],
    ['https://app.example.com/client?v=1', true],
    ['http://app.example.com/client.json', false],
    ['https://app.example.com/', false],
    ['https://app.example.com', false],
    ['https://app.example.com/a/../client.json', false],
    ['https://app.example.com/./client.json', false],
    ['https://user:pw@app.example.com/client.json', false],
    ['https://app.example.com/client.json#x', false],
    ['https://APP.example.com/client.json', false],
    ['mcp_abcdefghijklmnopqrstuvwx', false],
  ])('%s → %s', (url, expected) => expect(isMetadataDocumentUrl(url)).toBe(expected));
});

describe('public addresses (where a document may be fetched from)', () => {
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'])('%s is public', (address) => expect(isPublicAddress(address)).toBe(true));
  it.each([
    '127.0.0.1', '127.1.2.3', '0.0.0.0', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '224.0.0.1', '255.255.255.255', '198.18.0.1', '::1', '::', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fc00::1', 'fd12:3456::1',
    'fe80::1', 'ff02::1', '64:ff9b::7f00:1', '2002:7f00:1::1', '2001:db8::1', 'not-an-address',
    // Every IPv6 spelling of an IPv4 address: compatible (::/96), mapped, translated, NAT64 (both prefixes), 6to4, Teredo.
    '::127.0.0.1', '::7f00:1', '::10.0.0.1', '::8.8.8.8', '::ffff:8.8.8.8', '::ffff:0:127.0.0.1', '::ffff:0:8.8.8.8', '64:ff9b::8.8.8.8',
    '64:ff9b:1::a00:1', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '100::1', 'fec0::1', '3fff::1', '5f00::1', '4000::1',
  ])('%s is not', (address) => expect(isPublicAddress(address)).toBe(false));
});

describe('host names looked up at all', () => {
  it.each(['example.com', 'app.example.co.uk', 'xn--bcher-kva.example.xn--p1ai', 'a-b.example.org.'])('%s is', (name) => expect(isPublicHostName(name)).toBe(true));
  it.each([
    'localhost', 'intranet', 'printer.local', 'db.internal', 'x.test', 'nothing.invalid', 'router.home.arpa', '1.0.0.127.in-addr.arpa',
    'metadata.google.internal', 'nas.lan', 'host.localdomain', 'abc.onion', 'a..b.com', '-a.example.com', 'under_score.example.com', 'example.123',
  ])('%s is not', (name) => expect(isPublicHostName(name)).toBe(false));
});

describe('cache lifetime of a fetched document', () => {
  it('honours max-age (s-maxage first) up to 24 hours, 1 hour when unsaid, and keeps nothing under no-store', () => {
    expect(cacheSeconds('max-age=600')).toBe(600);
    expect(cacheSeconds('public, s-maxage=120, max-age=600')).toBe(120);
    expect(cacheSeconds('max-age=5')).toBe(5);
    expect(cacheSeconds('max-age=0')).toBe(0);
    expect(cacheSeconds('max-age=-3')).toBe(0);
    expect(cacheSeconds('max-age=9999999')).toBe(86_400);
    expect(cacheSeconds('no-store')).toBe(0);
    expect(cacheSeconds('No-Store, max-age=600')).toBe(0);
    expect(cacheSeconds('no-cache, max-age=600')).toBe(0);
    expect(cacheSeconds(undefined)).toBe(3600);
    expect(cacheSeconds('max-age=banana')).toBe(3600);
  });
});

describe('loopback redirect URIs (RFC 8252 §7.3)', () => {
  it('ignore the port on http loopback hosts only; everything else must be identical', () => {
    expect(redirectUriMatches('http://127.0.0.1:8976/callback', 'http://127.0.0.1:51234/callback')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:51234/callback')).toBe(true);
    expect(redirectUriMatches('http://[::1]/cb', 'http://[::1]:4000/cb')).toBe(true);
    expect(redirectUriMatches('http://localhost:3000/cb?x=1', 'http://localhost:3001/cb?x=1')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1:8976/callback', 'http://127.0.0.1:8976/callback/')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://localhost:5000/callback')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'https://127.0.0.1:5000/callback')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:5000/callback#x')).toBe(false);
    expect(redirectUriMatches('https://app.example.com:8443/cb', 'https://app.example.com:9443/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1.evil.example:80/cb')).toBe(false);
  });
});

describe('OAUTH_CIMD_TEST_HOSTS', () => {
  it('takes loopback address:port pairs only, so no private network or host name can be opened by it', () => {
    expect(parseSettings({ OAUTH_CIMD_TEST_HOSTS: '127.0.0.1:8443, [::1]:9443' }).OAUTH_CIMD_TEST_HOSTS).toBe('127.0.0.1:8443, [::1]:9443');
    for (const value of ['10.0.0.1:443', 'localhost:8443', '127.0.0.1', '169.254.169.254:80', '127.0.0.1:8443,example.com:443']) {
      expect(() => parseSettings({ OAUTH_CIMD_TEST_HOSTS: value }), value).toThrow(/OAUTH_CIMD_TEST_HOSTS/);
    }
  });
});
