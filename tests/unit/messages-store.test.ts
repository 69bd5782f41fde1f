/** Kept messages are personal data: each write forgets those older than the retention period. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShutdownHooks } from '../../src/server/base/lifecycle';
import { MESSAGE_RETENTION_DAYS, messagesStore, type MessagesStore } from '../../src/server/messages/messages-store';
import { resetSettingsForTests } from '../../src/server/base/settings';
import { ownerMail } from '../../src/server/messages/owner-mail';
import { mailOf, storedMail } from '../../src/server/messages/stored-mail';

const saved = process.env.DATA_DIR;
beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'messages-'));
  resetSettingsForTests();
});
afterAll(async () => {
  await runShutdownHooks();
  if (saved === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved;
  resetSettingsForTests();
});

const message = (id: string) => ({
  id,
  kind: 'contact' as const,
  name: 'Anna',
  email: 'anna@example.org',
  phone: null,
  topic: null,
  locale: 'pl',
  body: 'Dzień dobry.',
  suspectedSpam: false,
  mail: { to: ['owner@example.com'], subject: '[Kontakt] — Anna', text: 'Dzień dobry.' },
});

const recordMessage: MessagesStore['recordMessage'] = (...args) => messagesStore().recordMessage(...args);
const recordDelivery: MessagesStore['recordDelivery'] = (...args) => messagesStore().recordDelivery(...args);
const listMessages: MessagesStore['listMessages'] = (...args) => messagesStore().listMessages(...args);
const getMessage: MessagesStore['getMessage'] = (id) => messagesStore().getMessage(id);

describe('the kept messages', () => {
  it('forget a message older than the retention period when a new one arrives, and keep the rest', async () => {
    const day = 86_400_000;
    const now = Date.now();
    await recordMessage(message('MSG-OLD222'), new Date(now - (MESSAGE_RETENTION_DAYS + 1) * day));
    await recordMessage(message('MSG-KEPT22'), new Date(now - (MESSAGE_RETENTION_DAYS - 1) * day));
    expect((await listMessages()).map((each) => each.id)).toEqual(['MSG-KEPT22', 'MSG-OLD222']);
    await recordMessage(message('MSG-NEW222'), new Date(now));
    expect((await listMessages()).map((each) => each.id)).toEqual(['MSG-NEW222', 'MSG-KEPT22']);
  });

  it('record each delivery attempt, and list only the undelivered for a resend', async () => {
    await recordDelivery('MSG-NEW222', { delivered: false, error: 'connect ECONNREFUSED' });
    expect(await getMessage('MSG-NEW222')).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'connect ECONNREFUSED' });
    await recordDelivery('MSG-KEPT22', { delivered: true });
    expect((await listMessages({ undelivered: true })).map((each) => each.id)).toEqual(['MSG-NEW222']);
    await recordDelivery('MSG-NEW222', { delivered: true });
    expect(await getMessage('MSG-NEW222')).toMatchObject({ attempts: 2, lastError: null, mail: { subject: '[Kontakt] — Anna' } });
    expect(await listMessages({ undelivered: true })).toEqual([]);
  });
});

describe('the owner mail as a row keeps it', () => {
  const body = 'Zażółć gęślą jaźń <b> & "q"\n'.repeat(300);
  const composed = () =>
    ownerMail({ replyTo: 'ann@example.org', subject: '[Kontakt] — Ann', facts: ['Od / From: Ann <ann@example.org>', 'Temat / Topic: —'], text: body });

  it('holds the body once (in the body column), and reads back as the mail exactly as composed', async () => {
    const mail = composed();
    const stored = storedMail(mail, body);
    expect(mailOf(stored, body)).toEqual(mail);
    expect(JSON.stringify(mail).length - stored.length).toBeGreaterThan(2 * body.length);
    await recordMessage({ ...message('MSG-BODYONCE'), body, mail });
    expect((await getMessage('MSG-BODYONCE'))?.mail).toEqual(mail);
  });

  it('keeps whole a mail that would not read back identical, and reads rows written whole', () => {
    const tricky = `${body}\u0000body\u0000`;
    const mail = ownerMail({ replyTo: 'a@example.org', subject: 's', facts: ['x'], text: tricky });
    const stored = storedMail(mail, tricky);
    expect(mailOf(stored, tricky)).toEqual(mail);
    expect(mailOf(JSON.stringify(composed()), body)).toEqual(composed());
  });
});
