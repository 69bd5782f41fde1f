/**
 * CONSULTATION_LOCATION=address:…, an in-person meeting, through a server built for it (`npm start`
 * builds again for another location, as the consultation page is prerendered): the page's lead, its
 * description and its Markdown twin, the booking's answer (JSON API and MCP tool), both mails and both
 * invitations name the street address, in the visitor's language; a bad value stops the server at
 * start with a message naming the setting.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

const ADDRESS = 'ul. Przykładowa 1, 00-001 Warszawa';

let server: TestServer;
beforeAll(async () => {
  // SKIP_BUILD '': the server serves (or makes) a build for this location, not dist/ built for "phone".
  server = await startServer(
    { SKIP_BUILD: '', CONSULTATION_LOCATION: `address:${ADDRESS}`, CONTACT_EMAIL: 'biuro@example.com', BOOKING_MAX_OPEN_PER_IP: '20' },
    { startMs: 480_000 },
  );
}, 500_000);
afterAll(() => server?.stop());

async function freeSlots(): Promise<string[]> {
  const body = await (await fetch(`${server.url}/api/consultation/slots?limit=5`)).json();
  return body.slots.map((slot: { start: string }) => slot.start);
}

/** The invitation's content lines, unfolded (RFC 5545 §3.1). */
const invitationLines = (mail: OutboxMail) => mail.attachmentText('invite.ics')!.replace(/\r\n[ \t]/g, '').split('\r\n');

async function mailsTo(address: string): Promise<OutboxMail[]> {
  return (await readOutbox(server.dataDir)).filter((mail) => mail.to.includes(address));
}

const NBSP = '\u00a0';
/** The page's text as a reader gets it: tags gone, entities and no-break spaces as plain characters. */
const visibleText = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&#39;', "'").replaceAll(NBSP, ' ');
const metaDescription = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe('an in-person consultation (CONSULTATION_LOCATION=address:…)', () => {
  it.each([
    ['pl', '/konsultacja/', `Spotykamy się osobiście pod adresem: ${ADDRESS}.`, /online|telefon/i],
    ['en', '/en/consultation/', `We meet in person at ${ADDRESS}.`, /online|phone|call/i],
  ])('the %s page says where in its lead, its description and its Markdown twin, and never "online or phone"', async (_, path, where, elsewhere) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const lead = /<p class="lead">([\s\S]*?)<\/p>/.exec(html)?.[1];
    console.log(`${path} lead: ${visibleText(lead ?? '')}`);
    expect(visibleText(lead ?? '')).toMatch(new RegExp(`\\. ${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(visibleText(lead ?? '')).not.toMatch(elsewhere);
    // On the page the address keeps "ul." with the street name (a no-break space).
    expect(lead).toContain(`ul.${NBSP}Przykładowa`);
    const description = metaDescription(html);
    expect(description).toContain(where);
    expect(description).not.toMatch(elsewhere);
    expect(html).toContain(`<meta property="og:description" content="${description}"`);

    const twin = await (await fetch(`${server.url}${path.replace(/\/$/, '.md')}`)).text();
    expect(twin).toContain(where);
    expect(twin).not.toContain(NBSP);
    expect(twin.split('\n').filter((line) => elsewhere.test(line) && !line.startsWith('- ') && !/^\d\./.test(line))).toEqual([]);
  });

  it('the JSON API books in Polish and names the address in the answer, both mails and both invitations', async () => {
    const [start] = await freeSlots();
    const response = await fetch(`${server.url}/api/consultation/book`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Jan Kowalski', email: 'jan@example.com', phone: '+48 600 100 200', timeZone: 'Europe/Warsaw', start, locale: 'pl' }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.mode).toBe('booked');
    console.log(`answer: ${body.message}`);
    expect(body.message).toContain(`Spotykamy się osobiście pod adresem: ${ADDRESS} (adres jest też w zaproszeniu).`);
    expect(body.message).not.toMatch(/Zadzwonimy|online/);

    const [visitor] = await mailsTo('jan@example.com');
    expect(visitor!.text).toContain(`Gdzie: spotkanie osobiste pod adresem: ${ADDRESS}\n`);
    expect(visitor!.text).not.toMatch(/zadzwonimy|telefon/i);
    // RFC 5545 §3.3.11: the comma of the address is escaped in the TEXT value.
    expect(invitationLines(visitor!)).toContain('LOCATION:ul. Przykładowa 1\\, 00-001 Warszawa');

    const [owner] = await mailsTo('biuro@example.com');
    expect(owner!.text).toContain(`Miejsce: ${ADDRESS}\n`);
    expect(owner!.text).toContain('Telefon: +48 600 100 200');
    expect(invitationLines(owner!)).toContain('LOCATION:ul. Przykładowa 1\\, 00-001 Warszawa');
  });

  it('the MCP tool consultation_book answers in English with the address, and the English mail says where', async () => {
    const [, start] = await freeSlots();
    const client = new Client({ name: 'address-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    let text: string;
    try {
      const result = (await client.callTool({
        name: 'consultation_book',
        arguments: { fullName: 'Jane Doe', email: 'jane@example.org', timeZone: 'Europe/London', start, locale: 'en' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      text = (result.content[0] as { text: string }).text;
    } finally {
      await client.close();
    }
    expect(text).toContain(`We meet in person at ${ADDRESS} (the address is also in the invitation).`);
    expect(text).not.toMatch(/we will call|online/i);
    const [visitor] = await mailsTo('jane@example.org');
    expect(visitor!.text).toContain(`Where: in person, at ${ADDRESS}\n`);
    expect(invitationLines(visitor!)).toContain('LOCATION:ul. Przykładowa 1\\, 00-001 Warszawa');
  });

  it.each([
    ['address:', 'no address'],
    ['address:ul.', 'too short'],
    ['address:ul. Przykładowa 1\nBcc: someone@example.org', 'two lines'],
    ['Przykładowa 1, Warszawa', 'no kind'],
  ])('refuses CONSULTATION_LOCATION=%j (%s) at start with the setting named and no stack trace', async (value) => {
    const error = await startServer({ CONSULTATION_LOCATION: value }).then(
      (started) => started.stop().then(() => undefined),
      (reason: Error) => reason,
    );
    expect(error?.message).toMatch(/exited with 1 before listening/);
    expect(error?.message).toContain('CONSULTATION_LOCATION=');
    expect(error?.message).toContain('"address:" and the street address on one line');
    expect(error?.message).not.toMatch(/^\s+at /m);
  });
});
