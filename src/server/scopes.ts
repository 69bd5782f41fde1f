/**
 * The one scope catalogue: every OAuth scope the site knows, with what it
 * allows in both languages. The `Scope` type, the zod enum, `scopes_supported` in the OAuth and MCP
 * documents and the per-operation security of the API documents are all derived from here.
 */
import { z } from 'zod';

export const scopeCatalogue = {
  'newsletter:subscribe': {
    en: 'Subscribe an address to the newsletter.',
    pl: 'Zapisywanie adresu do newslettera.',
  },
  'newsletter:unsubscribe': {
    en: 'Unsubscribe an address from the newsletter.',
    pl: 'Wypisywanie adresu z newslettera.',
  },
  'mcp:read': {
    en: 'Read-only MCP tools (articles, services, pricing, availability).',
    pl: 'Narzędzia MCP tylko do odczytu (artykuły, usługi, cennik, wolne terminy).',
  },
  'mcp:tools:inquiry': {
    en: 'MCP tools that send a contact message, an inquiry or a newsletter change.',
    pl: 'Narzędzia MCP, które wysyłają wiadomość, zapytanie lub zmieniają zapis do newslettera.',
  },
  'mcp:tools:booking': {
    en: 'MCP tools that book a consultation.',
    pl: 'Narzędzia MCP, które rezerwują konsultację.',
  },
  'ask:query': {
    en: 'Natural-language queries at /ask.',
    pl: 'Pytania w języku naturalnym do /ask.',
  },
} as const satisfies Record<string, { en: string; pl: string }>;

export type Scope = keyof typeof scopeCatalogue;

/** Every scope, in catalogue order (`scopes_supported`). */
export const SCOPES = Object.keys(scopeCatalogue) as [Scope, ...Scope[]];

export const ScopeSchema = z.enum(SCOPES);

export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalogue, value);
}

/** The scopes of MCP tools: each tool needs one of these (its `scope`). */
export type McpScope = Extract<Scope, `mcp:${string}`>;

export const MCP_SCOPES = SCOPES.filter((scope): scope is McpScope => scope.startsWith('mcp:')) as [McpScope, ...McpScope[]];

export const McpScopeSchema = z.enum(MCP_SCOPES);
