import { describe, expect, it } from 'vitest';
import type { StoredBooking } from '../../src/server/scheduling/bookings-store';
import { visitorCancellationText } from '../../src/server/scheduling/cancellation';
import { visitorConfirmationText } from '../../src/server/scheduling/confirmation';
import { parseSettings, SettingsError } from '../../src/server/base/settings';
import { consultationSteps } from '../../src/i18n/ui';

const booking = (overrides: Partial<StoredBooking> = {}): StoredBooking =>
  ({
    id: 'b1',
    start: new Date('2026-12-01T09:00:00Z'),
    end: new Date('2026-12-01T09:30:00Z'),
    fullName: 'Jane\r\nBcc: x@example.net Doe',
    email: 'jane@example.org',
    phone: '+48 600\u202E 100 200',
    timeZone: 'Europe/London',
    locale: 'en',
    ...overrides,
  }) as StoredBooking;

describe('the booking confirmation mail', () => {
  it('greets without a name in English, says where (the meeting URL) and signs as the business', () => {
    const settings = parseSettings({ CONSULTATION_LOCATION: 'https://meet.example.com/abc' });
    const text = visitorConfirmationText(booking(), settings, 'Pracownia Cyfrowa', 'Tue, 1 Dec 2026, 09:00–09:30');
    expect(text.split('\n')[0]).toBe('Hello,');
    expect(text).not.toContain('Jane');
    expect(text).toContain('Your free consultation with Pracownia Cyfrowa is confirmed.');
    expect(text).toContain('When: Tue, 1 Dec 2026, 09:00–09:30 (Europe/London)');
    expect(text).toContain('Length: 30 minutes');
    expect(text).toContain('Where: online call, meeting link: https://meet.example.com/abc');
    expect(text).not.toMatch(/Bcc: x@example\.net\n/);
    expect(text.trimEnd().split('\n').slice(-2)).toEqual(['Pracownia Cyfrowa', 'http://localhost:4321']);
  });

  it('by phone: says the number given will be called without repeating it, or asks for one', () => {
    const settings = parseSettings({});
    expect(settings.CONSULTATION_LOCATION).toEqual({ kind: 'phone' });
    const polish = visitorConfirmationText(booking({ locale: 'pl' }), settings, 'Pracownia Cyfrowa', 'wt., 1 grudnia 2026, 10:00–10:30');
    expect(polish.split('\n')[0]).toBe('Dzień dobry,');
    expect(polish).toContain('Gdzie: rozmowa telefoniczna, zadzwonimy na numer podany przy rezerwacji');
    expect(polish).not.toContain('600');
    const noPhone = visitorConfirmationText(booking({ phone: undefined }), settings, 'Pracownia Cyfrowa', 'x');
    expect(noPhone).toContain('Where: phone call; please reply with the number we should call');
  });

  it("carries none of the request's words: a phishing line in the notes, name or phone never reaches the stranger", () => {
    const settings = parseSettings({ CONSULTATION_LOCATION: 'https://meet.example.com/abc' });
    const lure = 'URGENT: your invoice is overdue. Pay at https://pay.evil.example/now';
    for (const locale of ['pl', 'en'] as const) {
      const text = visitorConfirmationText(
        booking({ locale, notes: lure, fullName: 'Pay now at https://evil.example', phone: 'call +1 900 PAY NOW' }),
        settings,
        'Pracownia Cyfrowa',
        'label',
      );
      expect(text).not.toMatch(/URGENT|invoice|evil\.example|PAY NOW|Pay now/);
      // The only links are the ones the site configured.
      expect(text.match(/https?:\/\/\S+/g)).toEqual(['https://meet.example.com/abc', 'http://localhost:4321']);
    }
  });

  it('with the cancel link: says how to cancel and how to pick a new slot, in the visitor\'s language', () => {
    const settings = parseSettings({ CONSULTATION_LOCATION: 'https://meet.example.com/abc' });
    const link = 'http://localhost:4321/en/consultation/cancel/?token=abc.def';
    const text = visitorConfirmationText(booking(), settings, 'Pracownia Cyfrowa', 'label', link);
    expect(text).toContain(`To cancel, open this link: ${link}`);
    expect(text).toContain('To change the time, cancel and pick a new slot at http://localhost:4321/en/consultation/ (or reply to this message).');
    expect(text).not.toContain('To change the time or cancel, simply reply');
    const polish = visitorConfirmationText(booking({ locale: 'pl' }), settings, 'Pracownia Cyfrowa', 'label', 'http://localhost:4321/konsultacja/odwolaj/?token=x.y');
    expect(polish).toContain('Aby odwołać spotkanie, otwórz ten link: http://localhost:4321/konsultacja/odwolaj/?token=x.y');
    expect(polish).toContain('wybierz nowy na stronie http://localhost:4321/konsultacja/');
  });

  it("the cancellation mail carries none of the request's words either, and says who cancelled", () => {
    const settings = parseSettings({});
    const lure = booking({ notes: 'URGENT: pay at https://pay.evil.example', fullName: 'Pay now at https://evil.example' });
    const byOwner = visitorCancellationText(lure, settings, 'Pracownia Cyfrowa', 'Tue, 1 Dec 2026, 09:00–09:30', 'owner');
    expect(byOwner).toContain('unfortunately we have to cancel your consultation');
    expect(byOwner).toContain('When: Tue, 1 Dec 2026, 09:00–09:30 (Europe/London)');
    expect(byOwner.match(/https?:\/\/\S+/g)).toEqual(['http://localhost:4321/en/consultation/', 'http://localhost:4321']);
    const byVisitor = visitorCancellationText({ ...lure, locale: 'pl' }, settings, 'Pracownia Cyfrowa', 'x', 'visitor');
    expect(byVisitor).toContain('zgodnie z Twoją prośbą odwołaliśmy konsultację');
    expect(byVisitor).toContain('Nowy termin możesz wybrać na stronie http://localhost:4321/konsultacja/');
    expect(`${byOwner}${byVisitor}`).not.toMatch(/URGENT|evil\.example|Pay now/);
  });

  it('refuses a CONSULTATION_LOCATION that is neither a meeting URL, "phone" nor an address', () => {
    expect(() => parseSettings({ CONSULTATION_LOCATION: 'Zoom' })).toThrow(/CONSULTATION_LOCATION/);
    expect(() => parseSettings({ CONSULTATION_LOCATION: 'http://meet.example.com/x' })).toThrow(/CONSULTATION_LOCATION/);
  });

  it('in person: parses "address:" into the street address, says it in both mails and on the steps, in both languages', () => {
    const settings = parseSettings({ CONSULTATION_LOCATION: '  address:  ul. Przykładowa 1, 00-001 Warszawa ' });
    expect(settings.CONSULTATION_LOCATION).toEqual({ kind: 'address', address: 'ul. Przykładowa 1, 00-001 Warszawa' });
    expect(parseSettings({ CONSULTATION_LOCATION: 'https://meet.example.com/abc' }).CONSULTATION_LOCATION).toEqual({ kind: 'video', url: 'https://meet.example.com/abc' });
    const polish = visitorConfirmationText(booking({ locale: 'pl' }), settings, 'Pracownia Cyfrowa', 'label');
    expect(polish).toContain('Gdzie: spotkanie osobiste pod adresem: ul. Przykładowa 1, 00-001 Warszawa\n');
    const english = visitorConfirmationText(booking(), settings, 'Pracownia Cyfrowa', 'label');
    expect(english).toContain('Where: in person, at ul. Przykładowa 1, 00-001 Warszawa\n');
    expect(english).not.toContain('600');
    expect(consultationSteps('pl', settings.CONSULTATION_LOCATION).at(-1)).toBe(
      'Otrzymasz e-mailem potwierdzenie z zaproszeniem do kalendarza; spotkamy się osobiście pod adresem: ul. Przykładowa 1, 00-001 Warszawa.',
    );
    expect(consultationSteps('en', settings.CONSULTATION_LOCATION).at(-1)).toBe(
      'You receive a confirmation with a calendar invitation by e-mail; we meet in person at ul. Przykładowa 1, 00-001 Warszawa.',
    );
    expect(consultationSteps('en', parseSettings({}).CONSULTATION_LOCATION).at(-1)).toContain('we call the number you gave');
  });

  it.each([
    ['address:', 'nothing after the kind'],
    ['address:ul.', 'shorter than 5 characters'],
    ['address:ul. Przykładowa 1\r\nBcc: someone@example.org', 'a line break'],
    [`address:${'x'.repeat(201)}`, 'longer than 200 characters'],
    ['adres:ul. Przykładowa 1', 'an unknown kind'],
  ])('refuses CONSULTATION_LOCATION=%j (%s) with a message naming the setting and the address form', (value) => {
    expect(() => parseSettings({ CONSULTATION_LOCATION: value })).toThrow(SettingsError);
    expect(() => parseSettings({ CONSULTATION_LOCATION: value })).toThrow(/CONSULTATION_LOCATION=.*"address:" and the street address on one line/);
  });
});
