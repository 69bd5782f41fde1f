/**
 * The layer map of src/, as rules: a module imports its own layer or the layers below it, never one
 * above, and no import cycle anywhere in src/. tests/unit/architecture.test.ts runs these rules;
 * docs/architecture.md explains the layers. Lowest first:
 */
const layers = [
  {
    name: 'base facts',
    comment: 'settings, errors, locales, the interface strings, URLs, scopes, schemas, the route table, the request helpers that need nothing else',
    path: [
      '^src/server/base/',
      '^src/i18n/',
      '^src/server/schemas/',
      '^src/server/http/(route-table|caller|client-ip|body|body-limits|form-data|respond|negotiate|cors|discovery-headers|security-headers)\\.',
      '^src/webmcp/loader\\.ts$',
      '^src/types/',
    ],
  },
  {
    name: 'providers and store',
    comment: 'mail, newsletter, scheduling (Cal.com) and language-model providers; the shared store, the database and the rate limits kept in it',
    path: ['^src/server/(providers|store)/', '^src/server/http/rate-limit(-store)?\\.ts$'],
  },
  {
    name: 'domain',
    comment: 'scheduling, messages, newsletter, submissions, the ask engine, the catalog, spam defence, structured data, social images',
    path: [
      '^src/server/(scheduling|messages|newsletter|submissions|catalog|spam|og|structured-data)/',
      '^src/server/ask/(?!http\\.ts$)',
      '^src/content\\.config\\.ts$',
      '^src/editor/',
    ],
  },
  {
    name: 'tool registry',
    comment: 'every action an agent or the chat may take, with its schema, scope and rate-limit family',
    path: ['^src/server/tools/'],
  },
  {
    name: 'protocol adapters',
    comment: 'HTTP endpoints, MCP, A2A, the chat, /ask over HTTP, OAuth, the API documents and the documents for agents, the status and mail-link pages, the admin commands, the node server',
    path: [
      '^src/server/(http|mcp|a2a|chat|oauth|api-docs|documents|admin|node)/',
      '^src/server/ask/http\\.ts$',
      '^src/server/adapters/',
      '^src/middleware\\.ts$',
    ],
  },
  {
    name: 'pages',
    comment: 'Astro pages, layouts, components, islands, the WebMCP script, build integrations',
    path: ['^src/(pages|layouts|components|islands|webmcp|integrations|markdown|styles)/', '^src/env\\.d\\.ts$'],
  },
];

/**
 * The modules of src/server/ that browser code (islands, the WebMCP script, the pages' <script> blocks)
 * may import: they carry no secret, no Node API and nothing a visitor's browser should not download.
 * They may import only each other.
 */
const sharedWithBrowser = ['^src/server/base/urls\\.ts$', '^src/server/base/plural\\.ts$', '^src/server/scheduling/(labels|time-zones)\\.ts$'];
const browserCode = ['^src/(islands|webmcp)/', '\\.astro\\.script\\.ts$'];

/** A module belongs to the lowest layer whose paths match it (a file can be named before its folder). */
const upTo = (index) => layers.slice(0, index).flatMap((layer) => layer.path);
const above = (index) => layers.slice(index + 1).flatMap((layer) => layer.path);
const all = layers.flatMap((layer) => layer.path);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle ties modules that should be read one after the other (type-only imports do not count: they vanish at run time).',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...layers.slice(0, -1).map((layer, index) => ({
      name: `no-import-up-from-${layer.name.replace(/\W+/g, '-')}`,
      severity: 'error',
      comment: `${layer.name} imports only ${layers.slice(0, index + 1).map((each) => each.name).join(', ')}.`,
      from: { path: layer.path, pathNot: upTo(index) },
      to: { path: above(index), pathNot: upTo(index + 1) },
    })),
    {
      name: 'in-a-layer',
      severity: 'error',
      comment: 'Every module of src/ belongs to a layer: add a new folder to the map above.',
      from: { path: '^src/', pathNot: all },
      to: {},
    },
    {
      name: 'in-a-layer-imported',
      severity: 'error',
      comment: 'A module that imports nothing is in a layer too.',
      from: {},
      to: { path: '^src/', pathNot: all },
    },
    {
      name: 'in-a-layer-orphan',
      severity: 'error',
      comment: 'A module nothing imports and that imports nothing is in a layer too.',
      from: { path: '^src/', pathNot: all, orphan: true },
      to: {},
    },
    {
      name: 'no-import-of-a-route',
      severity: 'error',
      comment: 'A file under src/pages/ is a route that Astro serves: components, layouts and other pages import what it uses, never the route itself.',
      from: {},
      to: { path: '^src/pages/' },
    },
    {
      name: 'browser-imports-shared-only',
      severity: 'error',
      comment: 'Browser code imports from src/server/ only the modules shared with the browser (types excepted: they vanish at build).',
      from: { path: [...browserCode, ...sharedWithBrowser] },
      to: { path: '^src/server/', pathNot: sharedWithBrowser, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'declared-dependencies',
      severity: 'error',
      comment: 'Every package the code imports is in package.json (a package present only as another one\'s dependency may vanish with it).',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|\\.astro)/' },
    includeOnly: '^(src|scripts|tests|node_modules)/',
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    extraExtensionsToScan: ['.astro'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'],
    },
  },
};
