/**
 * The calendar invitation sent with a booking confirmation (RFC 5545 + iTIP METHOD:REQUEST), and
 * its cancellation (METHOD:CANCEL, the same UID, a higher SEQUENCE),
 * produced by ical-generator: escaping, folding at 75 octets and parameter quoting are its job.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';

export interface Invitation {
  uid: string;
  start: Date;
  end: Date;
  stamp?: Date;
  summary: string;
  description: string;
  location?: string;
  organizer: { name: string; email: string };
  /** The name is left out where it would repeat words nobody checked (the visitor's copy). */
  attendee: { name?: string; email: string };
  url?: string;
  /** A cancellation of the invitation with this uid (iTIP METHOD:CANCEL): calendars remove the event. */
  cancelled?: boolean;
}

export function buildInvitation(invitation: Invitation): string {
  const calendar = ical({
    prodId: { company: 'agent-ready-site', product: 'consultation', language: 'EN' },
    method: invitation.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invitation.uid,
    sequence: invitation.cancelled ? 1 : 0,
    stamp: invitation.stamp ?? new Date(),
    start: invitation.start,
    end: invitation.end,
    summary: invitation.summary,
    description: invitation.description,
    ...(invitation.location ? { location: invitation.location } : {}),
    ...(invitation.url ? { url: invitation.url } : {}),
    organizer: invitation.organizer,
    attendees: [
      { ...invitation.attendee, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION, rsvp: true },
    ],
    status: invitation.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
  });
  // RFC 5545 §3.1: every content line ends with CRLF, the last one too (the library stops short).
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
