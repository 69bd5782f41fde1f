/**
 * The one scope catalogue: every OAuth scope the site knows. The `Scope` type, the zod enum,
 * `scopes_supported` in the OAuth and MCP documents and the per-operation security of the API
 * documents are all derived from here; what each scope allows is worded in the interface strings.
 */
import { z } from 'zod';
import { ui } from '../../i18n/ui';

/** Every scope, in catalogue order (`scopes_supported`). */
export const SCOPES = ['newsletter:subscribe', 'newsletter:unsubscribe', 'mcp:read', 'mcp:tools:inquiry', 'mcp:tools:booking', 'ask:query'] as const;

export type Scope = (typeof SCOPES)[number];

/** What each scope allows, in both languages: the consent page shows it, the API documents publish the English. */
export const scopeCatalogue = Object.fromEntries(SCOPES.map((scope) => [scope, { en: ui.en.scopes[scope], pl: ui.pl.scopes[scope] }])) as Record<Scope, { en: string; pl: string }>;

export const ScopeSchema = z.enum(SCOPES);

export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalogue, value);
}

/** The scopes of MCP tools: each tool needs one of these (its `scope`). */
export type McpScope = Extract<Scope, `mcp:${string}`>;

export const MCP_SCOPES = SCOPES.filter((scope): scope is McpScope => scope.startsWith('mcp:')) as [McpScope, ...McpScope[]];

export const McpScopeSchema = z.enum(MCP_SCOPES);
