/**
 * The route table against the files in src/pages: a page or endpoint file without a table entry,
 * or an entry without its file, fails here. Plus the lookup the middleware uses.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/server/api-docs/index';
import { buildOpenApi } from '../../src/server/api-docs/openapi';
import { routeDocs } from '../../src/server/api-docs/route-docs';
import { routeFor, routes } from '../../src/server/http/route-table';
import { routePaths } from '../../src/server/base/urls';
import { paths } from '../../src/server/base/urls';
import { SCOPES } from '../../src/server/base/scopes';

/**
 * Declared ahead of their page files, while another branch adds them. Keep this list
 * short: remove a path as soon as its file lands (the test below fails until you do).
 */
const PENDING = new Set<string>([
]);

const pagesDir = fileURLToPath(new URL('../../src/pages', import.meta.url));
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );

/** The route pattern Astro gives a page file: `api/index.ts` → `/api`, `llms.txt.ts` → `/llms.txt`. */
function patternOf(file: string): string {
  const path = `/${file.replace(/\.(ts|js|mjs|astro|md|mdx|html)$/, '')}`.replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

/** Parameter names do not matter: `[...rest]` and `[...path]` are the same route. */
const normalized = (pattern: string) => pattern.replace(/\[\.\.\.[^\]]+\]/g, '[...]').replace(/\[[^.\]][^\]]*\]/g, '[]');

function compare(pageFiles: string[], declared: string[], pending: Set<string>) {
  const pages = new Set(pageFiles.map((file) => normalized(patternOf(file))));
  const table = new Set(declared.map(normalized));
  const waiting = new Set([...pending].map(normalized));
  return {
    undeclared: [...pages].filter((page) => !table.has(page)).sort(),
    missing: [...table].filter((route) => !pages.has(route) && !waiting.has(route)).sort(),
    landed: [...waiting].filter((route) => pages.has(route)).sort(),
  };
}

const pageFiles = filesUnder(pagesDir).map((file) => relative(pagesDir, file).split('\\').join('/'));
const declared = routes.map((route) => route.path);

describe('the route table and src/pages', () => {
  it('has one entry per page file and one page file per entry (except the pending ones)', () => {
    expect(pageFiles.length).toBeGreaterThan(30);
    expect(compare(pageFiles, declared, PENDING)).toEqual({ undeclared: [], missing: [], landed: [] });
  });

  it('notices a page file without an entry, an entry without a file, and a pending route that landed', () => {
    expect(compare([...pageFiles, 'api/invoices/[id].ts'], declared, PENDING).undeclared).toEqual(['/api/invoices/[]']);
    expect(compare(pageFiles.filter((file) => file !== 'api/contact.ts'), declared, PENDING).missing).toEqual(['/api/contact']);
    expect(compare([...pageFiles, 'api/later.ts'], declared, new Set(['/api/later'])).landed).toEqual(['/api/later']);
    expect(patternOf('.well-known/oauth-protected-resource/[...resource].ts')).toBe(routePaths.protectedResourceSuffixed);
  });

  it('declares each path once, with each method once', () => {
    expect(new Set(declared.map(normalized)).size).toBe(declared.length);
    for (const route of routes) {
      const methods = route.operations.map((operation) => operation.method);
      expect(new Set(methods).size, route.path).toBe(methods.length);
    }
  });

  it('documents every operation of the JSON API whose page exists', () => {
    for (const route of routes.filter((entry) => entry.api && !entry.path.includes('[') && !PENDING.has(entry.path))) {
      for (const operation of route.operations.filter((entry) => entry.method !== 'HEAD')) {
        expect(routeDocs[route.path]?.[operation.method], `${operation.method} ${route.path}`).toBeTruthy();
      }
    }
  });
});

describe('scopes and tokens per operation', () => {
  const operation = (path: string, method: string) => routes.find((route) => route.path === path)!.operations.find((entry) => entry.method === method)!;

  it('are the published ones', () => {
    expect(operation(routePaths.subscribe, 'POST')).toMatchObject({ scope: ['newsletter:subscribe'], token: 'write', writes: true });
    expect(operation(routePaths.unsubscribe, 'POST')).toMatchObject({ scope: ['newsletter:unsubscribe'], token: 'write', writes: true });
    expect(operation(routePaths.ask, 'POST')).toMatchObject({ scope: ['ask:query'], token: 'write', writes: false });
    // GET /ask is the same query by URL, and /a2a answers with /ask: the same scope and level.
    expect(operation(routePaths.ask, 'GET')).toMatchObject({ scope: ['ask:query'], token: 'write', writes: false });
    expect(operation(routePaths.a2a, 'POST')).toMatchObject({ scope: ['ask:query'], token: 'write', writes: false });
    for (const path of [routePaths.mcp, routePaths.mcpLegacy, routePaths.mcpWellKnown]) {
      expect(operation(path, 'GET')).toMatchObject({ scope: ['mcp:read'], token: 'all' });
      expect(operation(path, 'POST')).toMatchObject({ scope: ['mcp:tools:inquiry', 'mcp:tools:booking'], token: 'per-tool' });
    }
    for (const [path, method] of [[routePaths.contact, 'POST'], [routePaths.slots, 'GET'], [routePaths.book, 'POST'], [routePaths.chat, 'POST']] as const) {
      expect(operation(path, method).scope, `${method} ${path}`).toBeUndefined();
      expect(operation(path, method).token, `${method} ${path}`).toBeUndefined();
    }
  });

  it('name a token level exactly when they name scopes, and only catalogued scopes', () => {
    for (const route of routes) {
      for (const entry of route.operations) {
        expect(Boolean(entry.scope?.length), `${entry.method} ${route.path}`).toBe(Boolean(entry.token));
        for (const scope of entry.scope ?? []) expect(SCOPES).toContain(scope);
      }
    }
  });

  it('reach the OpenAPI security of each operation unchanged', () => {
    const document = buildOpenApi(operations, 'https://example.org') as any;
    for (const route of routes) {
      for (const entry of route.operations.filter((each) => routeDocs[route.path]?.[each.method])) {
        const security = document.paths[route.path][entry.method.toLowerCase()].security;
        // Optional under off ({}), and any one scope suffices: one requirement object per scope.
        expect(security, `${entry.method} ${route.path}`).toEqual(entry.scope ? [{}, ...entry.scope.map((scope) => ({ oauth2: [scope] }))] : []);
      }
    }
    expect(Object.keys(document.components.securitySchemes.oauth2.flows.clientCredentials.scopes)).toEqual(SCOPES);
  });
});

describe('routeFor', () => {
  it.each([
    ['/api/subscribe', routePaths.subscribe],
    ['/api/subscribe/', routePaths.subscribe],
    ['/api', routePaths.apiCatalog],
    ['/api/unknown/deeper', routePaths.apiOther],
    ['/api/chat', routePaths.chat],
    ['/api/chat/status', routePaths.chatStatus],
    ['/mcp/', routePaths.mcp],
    ['/mcp/server-card', routePaths.mcpServerCard],
    ['/mcp/anything', routePaths.mcpOther],
    ['/.well-known/mcp', routePaths.mcpWellKnown],
    ['/.well-known/mcp/nothing.json', routePaths.wellKnownMcpOther],
    ['/.well-known/oauth-protected-resource', routePaths.protectedResource],
    ['/.well-known/oauth-protected-resource/mcp', routePaths.protectedResourceSuffixed],
    ['/.well-known/oauth2/token', routePaths.token],
    ['/artykuly/slug.md', routePaths.twins],
    ['/artykuly/slug/', routePaths.pages],
    ['/', routePaths.home],
    ['/en/', routePaths.homeEn],
    ['/api/forms/challenge', routePaths.formChallenge],
    [paths.newsletterConfirm('pl'), routePaths.newsletterConfirm],
    [paths.newsletterConfirm('en'), routePaths.newsletterConfirmEn],
    [paths.newsletterUnsubscribe('pl'), routePaths.newsletterUnsubscribe],
    [paths.newsletterUnsubscribe('en'), routePaths.newsletterUnsubscribeEn],
    [paths.consultationCancel('pl'), routePaths.consultationCancel],
    [paths.consultationCancel('en'), routePaths.consultationCancelEn],
  ])('finds %s under %s', (pathname, path) => {
    expect(routeFor(pathname)?.path).toBe(path);
  });

  it('gives the families and CORS the middleware needs', () => {
    expect(routeFor('/api/consultation/book')).toMatchObject({ family: 'booking', cors: true, api: true });
    expect(routeFor('/a2a')).toMatchObject({ family: 'ask', cors: true, api: true });
    expect(routeFor('/.well-known/oauth2/authorize')).toMatchObject({ family: 'oauth', cors: true });
    expect(routeFor('/.well-known/oauth-authorization-server')?.family).toBeUndefined();
    expect(routeFor('/artykuly/slug/')).toMatchObject({ cors: false, api: false });
    // The mail-link pages count only their address form themselves: no family, no CORS.
    expect(routeFor(paths.newsletterUnsubscribe('pl'))).toMatchObject({ cors: false, api: false });
    expect(routeFor(paths.newsletterUnsubscribe('pl'))?.family).toBeUndefined();
    // The cancel link's page: its token is the whole authority, nothing to count, no CORS.
    expect(routeFor(paths.consultationCancel('en'))).toMatchObject({ cors: false, api: false });
    expect(routeFor(paths.consultationCancel('en'))?.family).toBeUndefined();
    expect(routeFor('/api/forms/challenge')).toMatchObject({ cors: true, api: true });
  });

  it('declares no GET or HEAD that writes: mail scanners and link previews open every link', () => {
    const writingReads = routes.flatMap((route) => route.operations.filter((operation) => (operation.method === 'GET' || operation.method === 'HEAD') && operation.writes).map((operation) => `${operation.method} ${route.path}`));
    expect(writingReads).toEqual([]);
    // The newsletter's confirmation is a POST, like the unsubscribe and the booking's cancel pages.
    expect(routes.find((route) => route.path === routePaths.newsletterConfirm)?.operations).toEqual([{ method: 'GET', writes: false }, { method: 'POST', writes: true }]);
  });
});
