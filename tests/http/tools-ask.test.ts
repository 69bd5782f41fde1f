/**
 * articles_recommend ranks through the /ask index: through the official MCP client it answers a
 * question with the articles POST /ask ranks for it, in the same order (minus the weak guesses a
 * recommendation leaves out), in both languages.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOMMENDATION_FLOOR } from '../../src/server/tools/articles-recommend';
import { sharedServer } from '../support/shared-server';

const server = sharedServer();
let client: Client;

beforeAll(async () => {
  client = new Client({ name: 'tools-ask-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});
afterAll(async () => {
  await client?.close();
});

const questions: Array<{ locale: 'pl' | 'en'; query: string; tags?: string[] }> = [
  { locale: 'en', query: 'backup ransomware' },
  { locale: 'en', query: 'how fast is my website' },
  { locale: 'en', query: 'password manager', tags: ['security'] },
  { locale: 'pl', query: 'kopie zapasowe' },
  { locale: 'pl', query: 'dostępność strony internetowej' },
  { locale: 'pl', query: 'jak wybrać CMS dla fundacji' },
];

describe('articles_recommend and /ask', () => {
  it.each(questions)('answer "$query" ($locale) with the same articles in the same order', async ({ locale, query, tags }) => {
    const limit = 5;
    const result = (await client.callTool({ name: 'articles_recommend', arguments: { query, locale, limit, ...(tags ? { tags } : {}) } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const recommended = (result.structuredContent as { articles: Array<{ id: string; score: number }> }).articles;

    const response = await fetch(`${server.url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: { text: query }, locale, context: { types: ['article'], limit, ...(tags ? { tags } : {}) } }),
    });
    expect(response.status).toBe(200);
    const asked = ((await response.json()) as { results: Array<{ id: string; confidence: number }> }).results;

    const expected = asked.filter((item) => item.confidence >= RECOMMENDATION_FLOOR);
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.map((article) => [article.id, article.score])).toEqual(expected.map((item) => [item.id, item.confidence]));
  });
});
