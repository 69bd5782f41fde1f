/**
 * Consultation booking under abuse, against the built server with the embedded office hours and the
 * default limits (BOOKING_MAX_OPEN_PER_EMAIL=2, BOOKING_MAX_OPEN_PER_IP=4), written as the attacks:
 * a script that tries every slot of the 60-day horizon under one address (spelled many ways) and
 * then from one client under fresh addresses; a phishing line in the notes; the same through the
 * MCP tool; the site's form posted without its proof of work. The rate limit is raised out of the
 * way so that what stops the script is the open-bookings limit.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedProof } from '../support/altcha-solver';
import { readOutbox } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

interface Slot {
  start: string;
  date: string;
}

const LURE = 'URGENT: your invoice is overdue. Pay at https://pay.evil.example/now to avoid suspension.';
const NAME = 'Billing Department https://pay.evil.example';

let server: TestServer;
let second: TestServer;
beforeAll(async () => {
  [server, second] = await Promise.all([
    startServer({ CONTACT_EMAIL: 'biuro@example.com' }),
    startServer({ CONTACT_EMAIL: 'biuro@example.com' }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), second?.stop()]);
});

/** Every free slot of the horizon, paging as the site's picker does (at most 30 a request). */
async function allSlots(target: TestServer): Promise<string[]> {
  const found = new Set<string>();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const end = new Date(Date.parse(`${today}T00:00:00Z`) + 61 * 86_400_000).toISOString().slice(0, 10);
  let from = today;
  for (let page = 0; page < 40; page++) {
    const body = await (await fetch(`${target.url}/api/consultation/slots?limit=30&start=${from}&end=${end}`)).json();
    const slots = body.slots as Slot[];
    for (const slot of slots) found.add(slot.start);
    if (slots.length < 30 || slots.at(-1)!.date === from) break;
    from = slots.at(-1)!.date;
  }
  return [...found].sort();
}

function book(target: TestServer, body: Record<string, string>) {
  return fetch(`${target.url}/api/consultation/book`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: NAME, timeZone: 'Europe/Warsaw', notes: LURE, locale: 'en', ...body }),
  });
}

function postForm(target: TestServer, fields: Record<string, string>) {
  return fetch(`${target.url}/api/consultation/book`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', Origin: target.url },
    body: new URLSearchParams(fields),
  });
}

let starts: string[] = [];

describe('a script booking every slot', () => {
  it('under one address (its spellings rotated) gets BOOKING_MAX_OPEN_PER_EMAIL bookings, and each refusal is 409 booking_limit_reached', async () => {
    starts = await allSlots(server);
    expect(starts.length).toBeGreaterThan(100);
    const began = Date.now();
    const statuses: number[] = [];
    const codes = new Set<string>();
    for (const [index, start] of starts.entries()) {
      const spelling = index % 3 === 0 ? 'Victim@Example.org' : `victim+${index}@example.org`;
      const response = await book(server, { start, email: spelling });
      statuses.push(response.status);
      if (response.status !== 200) codes.add((await response.json()).error?.code);
      else await response.body?.cancel();
    }
    const booked = statuses.filter((status) => status === 200).length;
    console.log(`one address: ${booked} of ${starts.length} slots booked in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    expect(booked).toBe(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(starts.length - 2);
    expect([...codes]).toEqual(['booking_limit_reached']);
    const refusal = await (await book(server, { start: starts.at(-1)!, email: 'victim@example.org' })).json();
    expect(refusal.error).toMatchObject({ code: 'booking_limit_reached', retryable: false });
    expect(refusal.error.message).toMatch(/e-mail address already holds 2 upcoming/);
  }, 120_000);

  it('mails the stranger none of the words in the request, while the owner gets them all', async () => {
    const messages = await readOutbox(server.dataDir);
    const visitor = messages.filter((mail) => mail.to.some((address) => /victim/i.test(address)));
    const owner = messages.filter((mail) => mail.to.includes('biuro@example.com'));
    console.log(`mails written: ${messages.length} (to the address given: ${visitor.length}, to the owner: ${owner.length})`);
    expect(visitor).toHaveLength(2);
    expect(owner).toHaveLength(2);
    for (const mail of visitor) {
      const ics = mail.attachmentText('invite.ics')!;
      for (const part of [mail.subject, mail.text, ics]) {
        expect(part).not.toMatch(/URGENT|invoice|evil\.example|Billing/i);
      }
      expect(mail.text.split('\n')[0]).toBe('Hello,');
      // The only links are the site's own: its cancel page (a signed token), its consultation page, its home.
      const site = '(?:http://(?:localhost|127\\.0\\.0\\.1):\\d+)';
      expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([
        expect.stringMatching(new RegExp(`^${site}/en/consultation/cancel/\\?token=[\\w-]+\\.[\\w-]+$`)),
        expect.stringMatching(new RegExp(`^${site}/en/consultation/$`)),
        expect.stringMatching(new RegExp(`^${site}$`)),
      ]);
    }
    for (const mail of owner) {
      expect(mail.text).toContain(`Notatki: ${LURE}`);
      expect(mail.text).toContain(NAME);
      expect(mail.text).toMatch(/<victim(\+\d+)?@example\.org>/i);
    }
  });

  it('from one client under a fresh address each time gets BOOKING_MAX_OPEN_PER_IP bookings', async () => {
    const slots = await allSlots(second);
    const statuses: number[] = [];
    for (const [index, start] of slots.entries()) {
      const response = await book(second, { start, email: `person${index}@example.org`, notes: 'Strona' });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    const booked = statuses.filter((status) => status === 200).length;
    const mails = (await readOutbox(second.dataDir)).length;
    console.log(`one client, fresh addresses: ${booked} of ${slots.length} slots booked, ${mails} mails written`);
    expect(booked).toBe(4);
    expect(mails).toBe(8);
    expect(statuses.filter((status) => status === 409)).toHaveLength(slots.length - 4);
    // The slots the script was refused are still free for everyone else.
    expect((await allSlots(second)).length).toBe(slots.length - 4);
  }, 120_000);
});

describe('other doors of the same action', () => {
  it('the MCP tool refuses the full address with a tool error, and books nothing', async () => {
    const client = new Client({ name: 'abuse-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const result = (await client.callTool({
        name: 'consultation_book',
        arguments: { fullName: 'Someone Else', email: 'VICTIM+mcp@example.org', timeZone: 'Europe/Warsaw', start: starts[5]!, notes: LURE },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(/already holds 2 upcoming consultation/);
    } finally {
      await client.close();
    }
    expect((await readOutbox(server.dataDir)).length).toBe(4);
  });

  it('the site form posted without its proof of work (or with the honeypot filled) books nothing and mails no one', async () => {
    const before = (await readOutbox(server.dataDir)).length;
    const fields = { fullName: 'Anna Nowak', email: 'anna@example.org', timeZone: 'Europe/Warsaw', start: starts[10]!, locale: 'pl', website: '' };
    const bare = await postForm(server, fields);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: { code: 'form_not_verified', retryable: true } });
    const honeypot = await postForm(server, { ...fields, website: 'https://spam.example', altcha: await solvedProof(server.url) });
    expect(honeypot.status).toBe(400);
    expect((await readOutbox(server.dataDir)).length).toBe(before);
    expect(await allSlots(server)).toContain(starts[10]);
  });

  it('the site form posted as a person does (solved proof, a few seconds of filling) books', async () => {
    const proof = await solvedProof(server.url);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const response = await postForm(server, {
      fullName: 'Anna Nowak', email: 'anna@example.org', phone: '', notes: '', timeZone: 'Europe/Warsaw', start: starts[10]!, locale: 'pl', website: '', altcha: proof,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, mode: 'booked' });
  }, 20_000);
});
