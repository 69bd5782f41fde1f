import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { escapeHtml, headerSafe, singleLine } from '../../src/server/providers/mail';
import { buildEml } from '../../src/server/providers/mail-outbox';

describe('mail helpers', () => {
  it('strips line breaks from header values', () => {
    expect(headerSafe('Hi\r\nBcc: x@y.z\n')).toBe('Hi Bcc: x@y.z');
  });
  it('makes single-line fields single-line: no CR/LF, controls, separators or bidi overrides', () => {
    expect(singleLine('Jan\r\nBcc: x@y.z')).toBe('Jan Bcc: x@y.z');
    expect(singleLine('Anna\u0000\u0007\u001b[31m Nowak\u007f')).toBe('Anna [31m Nowak');
    expect(singleLine('line\u2028two\u2029three\u0085four')).toBe('line two three four');
    // U+202E (right-to-left override) would make "gpj.exe" read as "exe.jpg".
    expect(singleLine('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(singleLine('\u2066a\u2067b\u2068c\u2069\u200E\u200F\u061C d')).toBe('abc d');
    expect(singleLine('  Zażółć   gęślą  ')).toBe('Zażółć gęślą');
    expect(singleLine('+48 600 100 200')).toBe('+48 600 100 200');
  });
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });
});

describe('the outbox .eml', () => {
  it('is an RFC 5322 message a real MIME parser reads back: headers, UTF-8 subject, bodies, attachment', async () => {
    const eml = await buildEml(
      {
        to: ['owner@example.com'],
        replyTo: 'visitor@example.org\r\nBcc: x@example.net',
        subject: 'Zażółć gęślą jaźń\nX-Evil: 1',
        text: 'Treść wiadomości',
        html: '<p>Treść</p>',
        attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }],
        headers: { 'List-Unsubscribe': '<https://example.com/u?token=a.b>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click\r\nX-Evil: 2' },
      },
      'Strona <no-reply@example.com>',
      'abc',
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(eml).toMatch(/\r\n/);
    expect(eml).not.toMatch(/^X-Evil/m);
    expect(eml).toMatch(/^Date: Fri, 02 Jan 2026 03:04:05 \+0000\r$/m);
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
    expect(mail.headers.find((header) => header.key === 'list-unsubscribe')?.value).toBe('<https://example.com/u?token=a.b>');
    expect(mail.headers.find((header) => header.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click X-Evil: 2');
  });

  it('encodes a non-ASCII sender name but keeps the address readable', async () => {
    const eml = await buildEml({ to: ['Ósmy "Odbiorca" <owner@example.com>'], subject: 's', text: 't' }, 'Fundacja Żółw <no-reply@example.com>', 'id1');
    expect(eml).toMatch(/^From: =\?UTF-8\?[BQ]\?[^?]+\?= <no-reply@example.com>\r$/m);
    const mail = await PostalMime.parse(eml);
    expect(mail.from).toMatchObject({ name: 'Fundacja Żółw', address: 'no-reply@example.com' });
    expect(mail.to?.[0]).toMatchObject({ address: 'owner@example.com' });
  });
});
