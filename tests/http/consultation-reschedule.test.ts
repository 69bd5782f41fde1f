/**
 * The visitor moves a booking from the link in its confirmation mail, against the built server over
 * real HTTP, with plain form posts (no JavaScript): the page offers the booking form's free slots in
 * the visitor's zone and language; a slot taken meanwhile is a 409 conflict that changes nothing and
 * offers fresh slots; a move books the new slot and frees the old one (both sides mailed, the new
 * mail with its own link, the visitor's open-booking place carried over); two moves at once leave
 * exactly one booking; a tampered link changes nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

const OWNER = 'biuro@example.com';
const ZONE = 'America/New_York';
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ CONTACT_EMAIL: OWNER, BOOKING_MAX_OPEN_PER_IP: '20', BOOKING_MAX_OPEN_PER_EMAIL: '1' });
});
afterAll(() => server?.stop());

async function slotStarts(): Promise<string[]> {
  const body = await (await fetch(`${server.url}/api/consultation/slots?limit=12&locale=en&timeZone=${encodeURIComponent(ZONE)}`)).json();
  expect(body.ok).toBe(true);
  return (body.slots as Array<{ start: string }>).map((slot) => slot.start);
}

const book = (start: string, email: string) =>
  fetch(`${server.url}/api/consultation/book`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: 'Jan Kowalski', email, timeZone: ZONE, start, locale: 'en' }),
  });

const mailsSince = async (count: number): Promise<OutboxMail[]> => (await readOutbox(server.dataDir)).slice(count);
const linkIn = (mail: OutboxMail) => new URL(mail.text.match(/https?:\/\/\S+\/en\/consultation\/cancel\/\?token=\S+/)![0]);
const page = (link: URL) => `${server.url}${link.pathname}${link.search}`;
const offeredIn = (html: string) => [...html.matchAll(/type="radio" name="start" value="([^"]+)"/g)].map((match) => match[1]!);

function post(link: URL, fields: Record<string, string>, token = link.searchParams.get('token')!) {
  return fetch(`${server.url}${link.pathname}`, { method: 'POST', body: new URLSearchParams({ token, ...fields }), redirect: 'manual' });
}

it('moves a booking from its mail link: conflict first, then moved, old slot free, both sides mailed, one booking whatever the race', async () => {
  const [first, taken, target, raceA, raceB, spare] = await slotStarts();
  const before = (await readOutbox(server.dataDir)).length;
  expect((await book(first!, 'anna@example.org')).status).toBe(200);
  const confirmation = (await mailsSince(before)).find((mail) => mail.to.includes('anna@example.org'))!;
  const link = linkIn(confirmation);

  // The page offers what the booking form offers, in the visitor's zone (New York offsets) and language.
  const offer = await fetch(page(link));
  expect(offer.status).toBe(200);
  const html = await offer.text();
  expect(html).toContain('Move to another time');
  expect(html).toContain(`(${ZONE})`);
  expect(offeredIn(html)).toEqual((await slotStarts()).slice(0, 12));
  expect(offeredIn(html)[0]).toMatch(/-0[45]:00$/);
  // Plain forms that post without JavaScript (the site-wide chat launcher is the layout's only script).
  expect(html.match(/<form method="post" action="\/en\/consultation\/cancel\/\?token=[^"]+"/g)).toHaveLength(2);

  // A tampered token changes nothing.
  const token = link.searchParams.get('token')!;
  const tampered = await post(link, { action: 'move', start: target! }, `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}`);
  expect(tampered.status).toBe(400);
  expect(await tampered.text()).toContain('incomplete or altered');
  expect(await slotStarts()).toContain(target);

  // Someone else books a slot the page offered: moving there is a conflict that keeps the booking.
  expect((await book(taken!, 'ewa@example.org')).status).toBe(200);
  const conflict = await post(link, { action: 'move', start: taken! });
  expect(conflict.status).toBe(409);
  const conflictHtml = await conflict.text();
  expect(conflictHtml).toContain('nothing was changed');
  expect(offeredIn(conflictHtml)).not.toContain(taken);
  expect(offeredIn(conflictHtml)).toContain(target);
  expect(await slotStarts()).not.toContain(first);

  const beforeMove = (await readOutbox(server.dataDir)).length;
  const moved = await post(link, { action: 'move', start: target! });
  expect(moved.status).toBe(200);
  expect(await moved.text()).toContain('Consultation moved');
  const free = await slotStarts();
  expect(free).toContain(first);
  expect(free).not.toContain(target);
  // The old link now names a cancelled booking.
  expect(await (await fetch(page(link))).text()).toContain('already cancelled');

  const mails = await mailsSince(beforeMove);
  const toVisitor = mails.filter((mail) => mail.to.includes('anna@example.org'));
  const toOwner = mails.filter((mail) => mail.to.includes(OWNER));
  console.log(`[reschedule] mails after the move: visitor ${toVisitor.map((mail) => mail.subject).join(' | ')}; owner ${toOwner.map((mail) => mail.subject).join(' | ')}`);
  expect(toVisitor.map((mail) => mail.subject.split(':')[0]).sort()).toEqual(['Consultation cancelled', expect.stringMatching(/^Consultation/)].sort());
  expect(toOwner).toHaveLength(2);
  const newConfirmation = toVisitor.find((mail) => !mail.subject.startsWith('Consultation cancelled'))!;
  expect(newConfirmation.attachmentText('invite.ics') ?? newConfirmation.raw).toContain('BEGIN:VCALENDAR');
  const newLink = linkIn(newConfirmation);
  expect(newLink.searchParams.get('token')).not.toBe(token);

  // The visitor's one open-booking place moved with the booking: another booking is still refused.
  expect((await book(spare!, 'anna@example.org')).status).toBe(409);

  // Two moves at once from the new link: exactly one wins, and the visitor holds exactly one booking.
  const race = await Promise.all([post(newLink, { action: 'move', start: raceA! }), post(newLink, { action: 'move', start: raceB! })]);
  console.log(`[reschedule] two moves at once answered ${race.map((response) => response.status).join(' and ')}`);
  const after = await slotStarts();
  const held = [target, raceA, raceB].filter((start) => !after.includes(start!));
  expect(held).toHaveLength(1);
  expect(race.map((response) => response.status)).toContain(200);
}, 60_000);
