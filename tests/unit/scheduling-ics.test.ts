import { describe, expect, it } from 'vitest';
import { buildInvitation } from '../../src/server/scheduling/ics';

describe('the .ics invitation', () => {
  const ics = buildInvitation({
    uid: 'abc-123@example.com',
    start: new Date('2026-12-01T09:00:00Z'),
    end: new Date('2026-12-01T09:30:00Z'),
    stamp: new Date('2026-11-22T08:00:00.123Z'),
    summary: 'Konsultacja: Zażółć Gęślą, Jaźń; test',
    description: `Notatki: ${'ąę'.repeat(60)}\nDruga linia`,
    location: 'https://meet.example.com/abc-defg-hij',
    organizer: { name: 'Pracownia Cyfrowa', email: 'kontakt@example.com' },
    attendee: { name: 'Zażółć "Gęślą"', email: 'jan@example.com' },
  });

  it('uses CRLF line ends and folds every line at 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Folding never splits a UTF-8 character: every physical line is valid UTF-8 on its own.
    for (const line of ics.split('\r\n')) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
  });

  it('is a METHOD:REQUEST VEVENT with UTC times, organizer and attendee', () => {
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain('METHOD:REQUEST');
    expect(unfolded).toContain('UID:abc-123@example.com');
    expect(unfolded).toContain('DTSTAMP:20261122T080000Z');
    expect(unfolded).toContain('DTSTART:20261201T090000Z');
    expect(unfolded).toContain('DTEND:20261201T093000Z');
    expect(unfolded).toContain('SUMMARY:Konsultacja: Zażółć Gęślą\\, Jaźń\\; test');
    expect(unfolded).toContain('ORGANIZER;CN="Pracownia Cyfrowa":mailto:kontakt@example.com');
    expect(unfolded).toContain('LOCATION:https://meet.example.com/abc-defg-hij');
    const attendee = unfolded.find((line) => line.startsWith('ATTENDEE'))!;
    for (const part of ['ROLE=REQ-PARTICIPANT', 'PARTSTAT=NEEDS-ACTION', 'RSVP=TRUE']) expect(attendee).toContain(part);
    // RFC 6868: a double quote inside a parameter value is ^' (a bare quote would end the value).
    expect(attendee).toContain(`CN="Zażółć ^'Gęślą^'"`);
    expect(attendee.toLowerCase()).toMatch(/:mailto:jan@example\.com$/);
    expect(unfolded.find((line) => line.startsWith('DESCRIPTION'))).toBe(`DESCRIPTION:Notatki: ${'ąę'.repeat(60)}\\nDruga linia`);
    expect(unfolded.indexOf('BEGIN:VEVENT')).toBeLessThan(unfolded.indexOf('END:VEVENT'));
  });

});
