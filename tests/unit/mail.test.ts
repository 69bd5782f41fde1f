import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { escapeHtml, headerSafe } from '../../src/server/providers/mail';
import { buildEml } from '../../src/server/providers/mail-outbox';

describe('mail helpers', () => {
  it('strips line breaks from header values', () => {
    expect(headerSafe('Hi\r\nBcc: x@y.z\n')).toBe('Hi Bcc: x@y.z');
  });
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });
});

describe('the outbox .eml', () => {
  it('is an RFC 5322 message a real MIME parser reads back: headers, UTF-8 subject, base64 bodies, attachment', async () => {
    const eml = buildEml(
      {
        to: ['owner@example.com'],
        replyTo: 'visitor@example.org\r\nBcc: x@example.net',
        subject: 'Zażółć gęślą jaźń\nX-Evil: 1',
        text: 'Treść wiadomości',
        html: '<p>Treść</p>',
        attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }],
      },
      'Strona <no-reply@example.com>',
      'abc',
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(eml).toMatch(/\r\n/);
    expect(eml).not.toMatch(/^X-Evil/m);
    const mail = await PostalMime.parse(eml);
    expect(mail.subject).toBe('Zażółć gęślą jaźń X-Evil: 1');
    expect(mail.from).toMatchObject({ address: 'no-reply@example.com', name: 'Strona' });
    expect(mail.to?.[0]).toMatchObject({ address: 'owner@example.com' });
    expect(mail.headers.find((header) => header.key === 'bcc')).toBeUndefined();
    expect(mail.text?.trim()).toBe('Treść wiadomości');
    expect(mail.html?.trim()).toBe('<p>Treść</p>');
    expect(mail.messageId).toBe('<abc@outbox.local>');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'invite.ics', mimeType: 'text/calendar' });
  });

  it('encodes a non-ASCII sender name but keeps the address readable', async () => {
    const eml = buildEml({ to: ['Ósmy "Odbiorca" <owner@example.com>'], subject: 's', text: 't' }, 'Fundacja Żółw <no-reply@example.com>', 'id1');
    expect(eml).toMatch(/^From: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?= <no-reply@example.com>\r$/m);
    const mail = await PostalMime.parse(eml);
    expect(mail.from).toMatchObject({ name: 'Fundacja Żółw', address: 'no-reply@example.com' });
    expect(mail.to?.[0]).toMatchObject({ address: 'owner@example.com' });
  });
});
