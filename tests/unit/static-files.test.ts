import { describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor, pageKey } from '../../src/server/node/static-files';

describe('static file headers', () => {
  it('caches only hashed /_astro/ files as immutable', () => {
    expect(cacheControlFor('/_astro/client.BJ1P7V63.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/')).toBe('no-cache');
    expect(cacheControlFor('/favicon.svg')).toBe('no-cache');
    expect(cacheControlFor('/en/_astro/x.js')).toBe('no-cache');
  });

  it('gives text files their charset and directory pages HTML', () => {
    expect(contentTypeFor('/cennik/')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/cennik')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/cennik.md')).toBe('text/markdown; charset=utf-8');
    expect(contentTypeFor('/llms.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeFor('/.well-known/agent-instructions.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('/favicon.svg')).toBeUndefined();
  });

  it("finds a page's key in Astro's headers file however the path is written", () => {
    expect(pageKey('/')).toBe('/');
    expect(pageKey('/index.html')).toBe('/');
    expect(pageKey('/uslugi/')).toBe('/uslugi');
    expect(pageKey('/uslugi/index.html')).toBe('/uslugi');
    expect(pageKey('/404.html')).toBe('/404');
  });
});
