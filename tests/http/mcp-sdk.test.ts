/**
 * The MCP server through the official SDK client (Client + StreamableHTTPClientTransport) against
 * the built server: the same client real agents use, unmodified.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';
import { offeredToolNames } from '../support/spec-tools';

const BOOKING_URL = 'https://booking.test.example/consultation';
const CONTACT_EMAIL = 'owner@test.example';

let server: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startServer({ BOOKING_URL, CONTACT_EMAIL, MAIL_PROVIDER: 'outbox' });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.stop();
});

async function connect(path = '/mcp'): Promise<Client> {
  const client = new Client({ name: 'sdk-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}${path}`)));
  clients.push(client);
  return client;
}

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

/** The outbox read by postal-mime: subject and the text and HTML bodies, enough to find what the person wrote. */
async function outbox(): Promise<Array<{ file: string; raw: string; subject: string; body: string; to: string[] }>> {
  return (await readOutbox(server.dataDir)).map((item) => ({ file: item.file, raw: item.raw, subject: item.subject, to: item.to, body: [item.text, item.mail.html ?? ''].join('\n') }));
}

describe.each(['/mcp', '/api/mcp', '/.well-known/mcp'])('the SDK client on %s', (path) => {
  it('connects and lists every offered tool with valid JSON Schemas', async () => {
    const client = await connect(path);
    expect(client.getServerVersion()).toMatchObject({ name: 'localhost/website', version: '1.7.0' });
    expect(client.getServerCapabilities()).toHaveProperty('tools');
    expect(client.getServerCapabilities()).toHaveProperty('resources');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(offeredToolNames);
    // The schemas declare JSON Schema 2020-12 (the MCP 2025-11-25 default): checked against its meta-schema.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const tool of tools) {
      expect(tool.inputSchema.$schema, tool.name).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(() => ajv.compile(tool.outputSchema!), tool.name).not.toThrow();
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description!.length, tool.name).toBeGreaterThan(80);
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
    }
  });

  it('calls a read tool and gets text plus structuredContent', async () => {
    const client = await connect(path);
    const result = (await client.callTool({ name: 'pricing_get', arguments: { locale: 'en' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ locale: 'en', currency: 'PLN', consultation: { bookingUrl: BOOKING_URL } });
    expect(JSON.parse((result.content[1] as { text: string }).text)).toEqual(result.structuredContent);
  });
});

describe('the tools, called through the SDK client', () => {
  it('articles_recommend ranks the backup article first for a backup question', async () => {
    const client = await connect();
    const result = (await client.callTool({ name: 'articles_recommend', arguments: { query: 'backup ransomware', locale: 'en' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const articles = (result.structuredContent as { articles: Array<{ url: string; score: number }> }).articles;
    expect(articles[0]!.url).toBe('http://localhost:4321/en/articles/backups-3-2-1/');
    expect(articles[0]!.score).toBeGreaterThan(0);
    expect(text(result)).toContain('3-2-1');
  });

  it('articles_recommend returns nothing for an unrelated question and refuses a limit of 50', async () => {
    const client = await connect();
    const none = (await client.callTool({ name: 'articles_recommend', arguments: { query: 'zebra xylophone', locale: 'en' } })) as CallToolResult;
    expect((none.structuredContent as { articles: unknown[] }).articles).toEqual([]);
    const bad = (await client.callTool({ name: 'articles_recommend', arguments: { limit: 50 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/limit/);
  });

  it('services_list lists the services of the asked language', async () => {
    const client = await connect();
    const en = (await client.callTool({ name: 'services_list', arguments: { locale: 'en' } })) as CallToolResult;
    const pl = (await client.callTool({ name: 'services_list', arguments: {} })) as CallToolResult;
    expect((en.structuredContent as { services: Array<{ title: string; url: string }> }).services[0]).toMatchObject({ title: 'Websites', url: 'http://localhost:4321/en/services/web-design/' });
    expect((pl.structuredContent as { locale: string }).locale).toBe('pl');
    const bad = (await client.callTool({ name: 'services_list', arguments: { locale: 'de' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
  });

  it('pricing_get gives net and gross prices in PLN', async () => {
    const client = await connect();
    const result = (await client.callTool({ name: 'pricing_get', arguments: {} })) as CallToolResult;
    const pricing = result.structuredContent as { items: Array<{ id: string; net: number; gross: number }>; vatRate: number };
    expect(pricing.items.find((item) => item.id === 'website-start')).toMatchObject({ net: 4900, gross: 6027 });
    const bad = (await client.callTool({ name: 'pricing_get', arguments: { locale: 42 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
  });

  it('contact_submit mails the owner, and refuses a message that is too short', async () => {
    const client = await connect();
    const before = (await outbox()).length;
    const result = (await client.callTool({
      name: 'contact_submit',
      arguments: { name: 'Anna Test', email: 'anna@visitor.example', message: 'Proszę o kontakt w sprawie strony fundacji Zebra.', locale: 'pl' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ ok: true });
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails.find((item) => item.body.includes('fundacji Zebra'))!;
    expect(mail.raw).toMatch(new RegExp(`^To: ${CONTACT_EMAIL}`, 'm'));
    expect(mail.raw).toMatch(/^Reply-To: anna@visitor\.example/m);

    const bad = (await client.callTool({ name: 'contact_submit', arguments: { name: 'Anna', email: 'anna@visitor.example', message: 'short' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/message/);
    expect((await outbox()).length).toBe(before + 1);
  });

  it('service_inquiry_submit mails the inquiry to CONTACT_EMAIL with a reference', async () => {
    const client = await connect();
    const result = (await client.callTool({
      name: 'service_inquiry_submit',
      arguments: { fullName: 'Jan Kowalski', email: 'jan@visitor.example', phone: '+48 600 000 000', supportArea: 'IT support', notes: 'Ten laptops and a NAS.', locale: 'en' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const reference = (result.structuredContent as { reference: string }).reference;
    expect(reference).toMatch(/^INQ-[A-Z0-9]{6}$/);
    const mail = (await outbox()).find((item) => item.subject.includes(reference));
    expect(mail, 'an outbox message with the reference in its subject').toBeDefined();
    expect(mail!.raw).toMatch(new RegExp(`^To: ${CONTACT_EMAIL}`, 'm'));
    expect(mail!.body).toContain('Ten laptops and a NAS.');
    expect(mail!.body).toContain('+48 600 000 000');
  });

  it('service_inquiry_submit refuses a two-letter name and a short support area', async () => {
    const client = await connect();
    const short = (await client.callTool({ name: 'service_inquiry_submit', arguments: { fullName: 'Al', email: 'al@visitor.example', supportArea: 'web' } })) as CallToolResult;
    expect(short.isError).toBe(true);
    expect(text(short)).toMatch(/fullName/);
    const area = (await client.callTool({ name: 'service_inquiry_submit', arguments: { fullName: 'Alan Turing', email: 'al@visitor.example', supportArea: 'it' } })) as CallToolResult;
    expect(area.isError).toBe(true);
    expect(text(area)).toMatch(/supportArea/);
    const email = (await client.callTool({ name: 'service_inquiry_submit', arguments: { fullName: 'Alan Turing', email: 'not-an-email', supportArea: 'website' } })) as CallToolResult;
    expect(email.isError).toBe(true);
    expect(text(email)).toMatch(/email/);
  });

  it('consultation_availability answers slots or the link-only fallback with BOOKING_URL, never a fake slot', async () => {
    const client = await connect();
    const result = (await client.callTool({ name: 'consultation_availability', arguments: { timeZone: 'Europe/Warsaw', locale: 'en' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as { mode: string; bookingUrl?: string; slots: Array<{ start: string }> };
    if (data.mode === 'link_only') {
      expect(data.bookingUrl).toBe(BOOKING_URL);
      expect(data.slots).toEqual([]);
      expect(text(result)).toContain(BOOKING_URL);
    } else {
      expect(data.mode).toBe('slots');
      expect(data.slots.length).toBeGreaterThan(0);
    }
    const bad = (await client.callTool({ name: 'consultation_availability', arguments: { timeZone: 'Mars/Olympus' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/timeZone/);
  });

  it('consultation_book books an offered slot, or answers link-only with bookingUrl', async () => {
    const client = await connect();
    const slots = (await client.callTool({ name: 'consultation_availability', arguments: { locale: 'en' } })) as CallToolResult;
    const offered = (slots.structuredContent as { slots: Array<{ start: string }> }).slots[0];
    const start = offered?.start ?? '2030-01-07T10:00:00+01:00';
    const result = (await client.callTool({
      name: 'consultation_book',
      arguments: { fullName: 'Ewa Nowak', email: 'ewa@visitor.example', timeZone: 'Europe/Warsaw', start, locale: 'en' },
    })) as CallToolResult;
    const data = result.structuredContent as { mode: string; bookingUrl: string };
    expect(['booked', 'link_only']).toContain(data.mode);
    expect(result.isError).toBeFalsy();
    if (data.mode === 'link_only') {
      expect(data.bookingUrl).toBe(BOOKING_URL);
      expect(text(result)).toContain(BOOKING_URL);
    }
  });

  it('consultation_book turns a past slot into a tool error with alternatives (or link-only without online booking)', async () => {
    const client = await connect();
    const result = (await client.callTool({
      name: 'consultation_book',
      arguments: { fullName: 'Ewa Nowak', email: 'ewa@visitor.example', timeZone: 'Europe/Warsaw', start: '2020-01-06T10:00:00+01:00' },
    })) as CallToolResult;
    const data = result.structuredContent as { mode: string; bookingUrl: string; alternatives?: Array<{ start: string }> };
    if (data.mode === 'link_only') {
      expect(result.isError).toBeFalsy();
      expect(data.bookingUrl).toBe(BOOKING_URL);
    } else {
      expect(data.mode).toBe('slot_unavailable');
      expect(result.isError).toBe(true);
      expect(data.alternatives!.length).toBeGreaterThan(0);
      expect(text(result)).toContain(data.alternatives![0]!.start);
    }
  });

  it('consultation_book refuses a start that is not a date-time and a missing time zone', async () => {
    const client = await connect();
    const bad = (await client.callTool({ name: 'consultation_book', arguments: { fullName: 'Ewa Nowak', email: 'ewa@visitor.example', timeZone: 'Europe/Warsaw', start: 'tomorrow at ten' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/start/);
    const missing = (await client.callTool({ name: 'consultation_book', arguments: { fullName: 'Ewa Nowak', email: 'ewa@visitor.example', start: '2030-01-07T10:00:00+01:00' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/timeZone/);
  });

  it('newsletter_subscribe needs consent: true, subscribing twice is fine, unsubscribe works', async () => {
    const client = await connect();
    const noConsent = (await client.callTool({ name: 'newsletter_subscribe', arguments: { email: 'reader@visitor.example', consent: false } })) as CallToolResult;
    expect(noConsent.isError).toBe(true);
    expect(text(noConsent)).toMatch(/consent/);
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = (await client.callTool({ name: 'newsletter_subscribe', arguments: { email: 'reader@visitor.example', consent: true, locale: 'en' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ ok: true });
    }
    // Double opt-in through the tool too: one confirmation mail for the two calls, in the person's language.
    const confirmations = (await outbox()).filter((item) => item.to.includes('reader@visitor.example'));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.subject).toMatch(/^Confirm your newsletter subscription/);
    const gone = (await client.callTool({ name: 'newsletter_unsubscribe', arguments: { email: 'reader@visitor.example' } })) as CallToolResult;
    expect(gone.isError).toBeFalsy();
    const bad = (await client.callTool({ name: 'newsletter_unsubscribe', arguments: { email: 'nobody' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/email/);
  });

  it('an unknown tool is a JSON-RPC error (-32602), not a tool result', async () => {
    const client = await connect();
    const error = await client.callTool({ name: 'delete_everything', arguments: {} }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
  });
});

describe('the MCP Apps views', () => {
  it('lists and reads both UI resources as self-contained mcp-app HTML', async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(['ui://site/consultation-booking', 'ui://site/service-inquiry']);
    const calls: Record<string, string[]> = {
      'ui://site/service-inquiry': ['service_inquiry_submit'],
      'ui://site/consultation-booking': ['consultation_availability', 'consultation_book'],
    };
    for (const resource of resources) {
      expect(resource.mimeType).toBe('text/html;profile=mcp-app');
      const { contents } = await client.readResource({ uri: resource.uri });
      expect(contents).toHaveLength(1);
      const [content] = contents as Array<{ uri: string; mimeType: string; text: string; _meta?: { ui?: { csp?: unknown } } }>;
      expect(content!.mimeType).toBe('text/html;profile=mcp-app');
      expect(content!._meta?.ui?.csp).toEqual({ connectDomains: [], resourceDomains: [] });
      expect(content!.text).toMatch(/^<!doctype html>/i);
      expect(content!.text).toContain('ui/initialize');
      for (const tool of calls[resource.uri]!) expect(content!.text).toContain(`'${tool}'`);
      // Self-contained: no external scripts, styles or images.
      expect(content!.text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img[^>]+src="?https?:/i);
      // Bilingual labels, both languages' strings of the catalogue in the view.
      expect(content!.text).toMatch(/"pl":\{"/);
      expect(content!.text).toMatch(/"en":\{"/);
    }
  });

  it('points the tools with a view to it through _meta.ui.resourceUri (and the deprecated flat key)', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const meta = (name: string) => tools.find((tool) => tool.name === name)!._meta as Record<string, unknown> | undefined;
    expect(meta('service_inquiry_submit')).toMatchObject({ ui: { resourceUri: 'ui://site/service-inquiry' }, 'ui/resourceUri': 'ui://site/service-inquiry' });
    expect(meta('consultation_availability')).toMatchObject({ ui: { resourceUri: 'ui://site/consultation-booking' } });
    expect(meta('consultation_book')).toMatchObject({ ui: { resourceUri: 'ui://site/consultation-booking' } });
    expect(meta('pricing_get')?.ui).toBeUndefined();
  });

  it('answers an unknown resource with a JSON-RPC error', async () => {
    const client = await connect();
    await expect(client.readResource({ uri: 'ui://site/nothing' })).rejects.toBeInstanceOf(McpError);
  });
});

describe('with mail switched off', () => {
  let offServer: TestServer;
  beforeAll(async () => {
    offServer = await startServer({ MAIL_PROVIDER: 'off' });
  });
  afterAll(() => offServer?.stop());

  it('contact_submit is a tool error saying mail is off, with the hint', async () => {
    const client = new Client({ name: 'sdk-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${offServer.url}/mcp`)));
    clients.push(client);
    const result = (await client.callTool({
      name: 'contact_submit',
      arguments: { name: 'Anna Test', email: 'anna@visitor.example', message: 'Proszę o kontakt w sprawie strony.' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/MAIL_PROVIDER=off/);
    expect(text(result)).toMatch(/retrying will not help/);
  });
});
