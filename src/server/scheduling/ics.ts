/**
 * The calendar invitation sent with a booking confirmation (RFC 5545 + iTIP METHOD:REQUEST):
 * CRLF line ends, lines folded at 75 octets without splitting a UTF-8 character, text escaped.
 */

export interface Invitation {
  uid: string;
  start: Date;
  end: Date;
  stamp?: Date;
  summary: string;
  description: string;
  location?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  url?: string;
}

/** 20261201T090000Z */
export function icsDateTime(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A parameter value (CN): quoted, without characters a quoted value cannot hold. */
function parameterValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, '').replace(/[\x00-\x1f]/g, '')}"`;
}

/** Folds one content line into chunks of at most 75 octets; continuation lines start with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    const limit = chunks.length === 0 ? 75 : 74; // continuation lines spend one octet on the space
    if (size + bytes > limit) {
      chunks.push(current);
      current = '';
      size = 0;
    }
    current += character;
    size += bytes;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}

export function buildInvitation(invitation: Invitation): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//agent-ready-site//consultation//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${invitation.uid}`,
    `DTSTAMP:${icsDateTime(invitation.stamp ?? new Date())}`,
    `DTSTART:${icsDateTime(invitation.start)}`,
    `DTEND:${icsDateTime(invitation.end)}`,
    `SUMMARY:${escapeText(invitation.summary)}`,
    `DESCRIPTION:${escapeText(invitation.description)}`,
    ...(invitation.location ? [`LOCATION:${escapeText(invitation.location)}`] : []),
    ...(invitation.url ? [`URL:${invitation.url}`] : []),
    `ORGANIZER;CN=${parameterValue(invitation.organizer.name)}:mailto:${invitation.organizer.email}`,
    `ATTENDEE;CN=${parameterValue(invitation.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${invitation.attendee.email}`,
    'SEQUENCE:0',
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
