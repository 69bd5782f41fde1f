/** Kept messages are personal data: each write forgets those older than the retention period. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShutdownHooks } from '../../src/server/lifecycle';
import { getMessage, listMessages, MESSAGE_RETENTION_DAYS, recordDelivery, recordMessage } from '../../src/server/messages/messages-store';
import { resetSettingsForTests } from '../../src/server/settings';

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

describe('the kept messages', () => {
  it('forget a message older than the retention period when a new one arrives, and keep the rest', () => {
    const day = 86_400_000;
    const now = Date.now();
    recordMessage(message('MSG-OLD222'), new Date(now - (MESSAGE_RETENTION_DAYS + 1) * day));
    recordMessage(message('MSG-KEPT22'), new Date(now - (MESSAGE_RETENTION_DAYS - 1) * day));
    expect(listMessages().map((each) => each.id)).toEqual(['MSG-KEPT22', 'MSG-OLD222']);
    recordMessage(message('MSG-NEW222'), new Date(now));
    expect(listMessages().map((each) => each.id)).toEqual(['MSG-NEW222', 'MSG-KEPT22']);
  });

  it('record each delivery attempt, and list only the undelivered for a resend', () => {
    recordDelivery('MSG-NEW222', { delivered: false, error: 'connect ECONNREFUSED' });
    expect(getMessage('MSG-NEW222')).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'connect ECONNREFUSED' });
    recordDelivery('MSG-KEPT22', { delivered: true });
    expect(listMessages({ undelivered: true }).map((each) => each.id)).toEqual(['MSG-NEW222']);
    recordDelivery('MSG-NEW222', { delivered: true });
    expect(getMessage('MSG-NEW222')).toMatchObject({ attempts: 2, lastError: null, mail: { subject: '[Kontakt] — Anna' } });
    expect(listMessages({ undelivered: true })).toEqual([]);
  });
});
