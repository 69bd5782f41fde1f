/**
 * The search page (/szukaj/, /en/search/) and the contact list's consent, against the built server:
 * the page is a plain GET answered on the server from /ask's engine (no JavaScript), with an honest
 * count, the pricing page first for a price question and "nothing matches" for an off-topic one;
 * a contact-form sender joins segment Kontakt only with listConsent, through REST and the MCP tool
 * alike (the form's own checkbox is tested in the browser, where its spam checks can pass).
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { callTool } from '../support/mcp-call';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ CONTACT_EMAIL: 'owner@example.com' });
});
afterAll(() => server?.stop());

/** The search page's answer as a visitor's browser gets it: status, count line, result links, "nothing" block. */
async function search(path: string, query: string) {
  const response = await fetch(`${server.url}${path}?${new URLSearchParams({ q: query })}`);
  const html = await response.text();
  const count = /data-testid="search-count">([^<]*)</.exec(html)?.[1]?.trim();
  const hits = [...(/<ol class="search-hits">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '').matchAll(/<h3><a href="([^"]+)"/g)].map((match) => match[1]!);
  return { response, html, count, hits, nothing: html.includes('data-testid="search-none"') };
}

describe('the search page', () => {
  it.each([
    ['/szukaj/', 'ile kosztuje strona', '/cennik/', /^(\d+) wynik(i|ów)?$/],
    ['/en/search/', 'how much is a website', '/en/pricing/', /^(\d+) results?$/],
  ])('%s answers the price question "%s" with the pricing page first and counts what it shows', async (path, query, pricing, countPattern) => {
    const { response, html, count, hits, nothing } = await search(path, query);
    console.log(`${path}?q=${query}: ${count}; first ${hits[0]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(hits[0]!.startsWith(pricing)).toBe(true);
    // The count is the number of results on the page, not /ask's limit.
    expect(Number(countPattern.exec(count!)?.[1])).toBe(hits.length);
    expect(hits.length).toBeLessThan(20);
    expect(nothing).toBe(false);
    // Served without a script of its own: the form is a plain GET to this page.
    expect(html).toMatch(new RegExp(`<form[^>]*action="${path}"[^>]*method="get"`));
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it.each([
    ['/szukaj/', '0 wyników', 'Nic na tej stronie nie pasuje'],
    ['/en/search/', '0 results', 'Nothing on this site matches'],
  ])('%s says nothing matches "pizza margherita" and offers the ways on', async (path, zero, sentence) => {
    const { response, html, count, hits, nothing } = await search(path, 'pizza margherita');
    expect(response.status).toBe(200);
    expect(count).toBe(zero);
    expect(hits).toEqual([]);
    expect(nothing).toBe(true);
    expect(html).toContain(sentence);
  });

  it.each([
    ['/en/search/', 'privacy policy', '/en/privacy-policy/', 'Information'],
    ['/szukaj/', 'polityka prywatności', '/polityka-prywatnosci/', 'Informacje'],
    ['/en/search/', 'bakery orders case study', '/en/case-studies/bakery-automation/', 'Case study'],
    ['/szukaj/', 'realizacja dla piekarni Pod Lipą', '/realizacje/piekarnia-pod-lipa/', 'Realizacja'],
  ])('%s?q=%s labels the page or case study it finds as one', async (path, query, href, label) => {
    const { html, hits } = await search(path, query);
    expect(hits).toContain(href);
    const kinds = [...html.matchAll(/<p class="search-kind">([^<]*)</g)].map((match) => match[1]!.trim());
    expect(kinds[hits.indexOf(href)]).toBe(label);
    expect(kinds).not.toContain('');
  });

  it('answers a page without a question, and a question with markup as text', async () => {
    const empty = await fetch(`${server.url}/en/search/`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Type a question');
    const hostile = await search('/szukaj/', '<script>alert(1)</script> kopie zapasowe');
    expect(hostile.response.status).toBe(200);
    // Outside attribute values (where "<" is only text) no markup of the question survives.
    expect(hostile.html.replace(/"[^"]*"/g, '""')).not.toContain('<script>alert(1)</script>');
    expect(hostile.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hostile.hits.length).toBeGreaterThan(0);
  });

  it('offers the chat only when the chat is on', async () => {
    expect((await search('/szukaj/', 'kopie zapasowe')).html).not.toContain('data-testid="search-chat"');
    // A configured model (never called here: the page only asks whether the chat can answer).
    const withChat = await startServer({ CHAT_BASE_URL: 'http://127.0.0.1:9/v1', CHAT_MODEL: 'fake-model' });
    try {
      const response = await fetch(`${withChat.url}/en/search/?q=${encodeURIComponent('backups for a small office')}`);
      const link = /<a class="button secondary" href="([^"]+)" data-testid="search-chat">/.exec(await response.text())?.[1];
      expect(link?.replace(/&amp;/g, '&')).toBe(`/en/search/?${new URLSearchParams({ q: 'backups for a small office', chat: 'backups for a small office' })}`);
    } finally {
      await withChat.stop();
    }
  });

  it("spends the visitor's /ask budget and, over it, answers 429 with a page saying when to come back", async () => {
    const limited = await startServer({ RATE_LIMIT_ASK: '2' });
    try {
      const statuses: number[] = [];
      let last = '';
      let retryAfter: string | null = null;
      for (let index = 0; index < 3; index++) {
        const response = await fetch(`${limited.url}/szukaj/?q=strona${index}`);
        statuses.push(response.status);
        retryAfter = response.headers.get('retry-after');
        last = await response.text();
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(last).toContain('Za dużo wyszukiwań');
      expect(last).toContain('<html lang="pl"');
    } finally {
      await limited.stop();
    }
  });
});

describe('the contact list takes only senders who agree', () => {
  const listRows = (email: string) => {
    const db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    try {
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'list_contacts'").get();
      return table ? db.prepare('SELECT segment FROM list_contacts WHERE email = ? ORDER BY segment').all(email) : [];
    } finally {
      db.close();
    }
  };
  const message = { name: 'Anna Nowak', message: 'Dzień dobry, proszę o wycenę strony fundacji.', locale: 'pl' };
  const postJson = (body: object) => fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  it('REST (JSON): without listConsent the message goes out and the sender is on no list; with it, in Kontakt', async () => {
    expect((await postJson({ ...message, email: 'no-consent@example.org' })).status).toBe(200);
    expect((await postJson({ ...message, email: 'said-no@example.org', listConsent: false })).status).toBe(200);
    expect((await postJson({ ...message, email: 'said-yes@example.org', listConsent: true })).status).toBe(200);
    expect(listRows('no-consent@example.org')).toEqual([]);
    expect(listRows('said-no@example.org')).toEqual([]);
    expect(listRows('said-yes@example.org')).toEqual([{ segment: 'Kontakt' }]);
  });

  it('REST (JSON): a listConsent that is not a boolean is a 400 naming the field, and nothing is sent', async () => {
    const response = await postJson({ ...message, email: 'string-consent@example.org', listConsent: 'yes' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('listConsent');
    expect(listRows('string-consent@example.org')).toEqual([]);
  });

  it('MCP contact_submit: the same field, the same default', async () => {
    expect((await callTool(server.url, 'contact_submit', { ...message, email: 'mcp-no@example.org' })).result.isError).toBeFalsy();
    expect((await callTool(server.url, 'contact_submit', { ...message, email: 'mcp-yes@example.org', listConsent: true })).result.isError).toBeFalsy();
    expect(listRows('mcp-no@example.org')).toEqual([]);
    expect(listRows('mcp-yes@example.org')).toEqual([{ segment: 'Kontakt' }]);
  });

  it('the owner sees in the mail whether the sender agreed', async () => {
    const { readOutbox } = await import('../support/outbox');
    const mails = await readOutbox(server.dataDir);
    const yes = mails.find((mail) => mail.text.includes('said-yes@example.org'));
    const no = mails.find((mail) => mail.text.includes('no-consent@example.org'));
    expect(yes?.text).toContain('Lista kontaktów / Contact list: tak / yes');
    expect(no?.text).toContain('Lista kontaktów / Contact list: nie / no');
  });
});
