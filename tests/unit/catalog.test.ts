import { describe, expect, it } from 'vitest';
import { alternatePathOf, articlesOf, grossOf, paginate, readingMinutes, tagsOf, translationOf } from '../../src/server/catalog/records';
import { routeParam, siteRoutes } from '../../src/server/catalog/site-routes';
import { makeCatalog } from '../support/catalog-fixture';

describe('catalog helpers', () => {
  const catalog = makeCatalog();

  it('computes gross prices with VAT rounded to grosze', () => {
    expect(grossOf(4900, 0.23)).toBe(6027);
    expect(grossOf(99.99, 0.23)).toBe(122.99);
  });

  it('lists articles newest first', () => {
    expect(articlesOf(catalog, 'pl').map((item) => item.slug)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map((day) => `artykul-${day}`));
  });

  it('finds a translation by key and type, or none', () => {
    const pl3 = catalog.byId.get('article:pl:artykul-3')!;
    expect(translationOf(catalog, pl3, 'en')?.slug).toBe('article-3');
    const pl1 = catalog.byId.get('article:pl:artykul-1')!;
    expect(translationOf(catalog, pl1, 'en')).toBeUndefined();
    expect(alternatePathOf(catalog, pl3)).toBe('/en/articles/article-3/');
    expect(alternatePathOf(catalog, pl1)).toBe('/en/');
  });

  it('counts tags per locale', () => {
    expect(tagsOf(catalog, 'pl')).toEqual([{ tag: 'bezpieczenstwo', count: 8 }, { tag: 'strony', count: 4 }]);
    expect(tagsOf(catalog, 'en')).toEqual([{ tag: 'security', count: 1 }]);
  });

  it('paginates by 6 and always yields one page', () => {
    expect(paginate([1, 2, 3, 4, 5, 6, 7]).map((page) => page.length)).toEqual([6, 1]);
    expect(paginate([])).toEqual([[]]);
  });

  it('estimates reading time at about 200 words a minute, at least one', () => {
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
    expect(readingMinutes('')).toBe(1);
  });
});

describe('site routes', () => {
  const routes = siteRoutes(makeCatalog());
  const byPath = new Map(routes.map((route) => [route.path, route]));

  it('gives every route a unique path', () => {
    expect(byPath.size).toBe(routes.length);
  });

  it('paginates the Polish articles index and links pages across languages', () => {
    const second = byPath.get('/artykuly/strona/2/');
    expect(second?.kind).toBe('articles');
    expect(second && 'items' in second ? second.items.map((item) => item.slug) : []).toEqual(['artykul-2', 'artykul-1']);
    // English has one page only, so page 2 switches to the English page 1.
    expect(second?.alternatePath).toBe('/en/articles/');
  });

  it('lands the switch of a tag page on the same tag or the other articles index', () => {
    expect(byPath.get('/artykuly/tag/strony/')?.alternatePath).toBe('/en/articles/');
    expect(byPath.get('/en/articles/tag/security/')?.alternatePath).toBe('/artykuly/');
  });

  it('routes content pages at the locale root and links their translations', () => {
    expect(byPath.get('/polityka-prywatnosci/')?.alternatePath).toBe('/en/privacy-policy/');
    expect(byPath.get('/webhooks/')?.kind).toBe('page');
  });

  it('turns a path into the catch-all parameter', () => {
    expect(routeParam('/en/articles/x/')).toBe('en/articles/x');
  });
});
