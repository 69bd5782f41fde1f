/**
 * `bookings`: the consultation bookings, and `bookings cancel <id>`.
 *
 * Embedded bookings come from the database (open ones by default; `--all` adds past and cancelled
 * ones). With Cal.com configured, Cal.com keeps the bookings (the site stores nothing of them): they
 * are listed from its API, and cancelling one cancels it there (Cal.com mails the attendee and the
 * host itself). Cancelling an embedded booking frees its slot at once and mails the visitor and the
 * owner (scheduling/cancellation.ts).
 */
import type { ProviderBooking } from '../providers/scheduling';
import { getSchedulingProvider } from '../scheduling/provider';
import { bookingsStore, type BookingRecord } from '../scheduling/bookings-store';
import { cancelBooking } from '../scheduling/cancellation';
import { releaseBookingPlaces } from '../scheduling/open-bookings';
import { isoWithOffset } from '../scheduling/time-zones';
import { getSettings } from '../base/settings';
import { SITE_TIME_ZONE } from '../store/daily-cap';
import { UsageError, type AdminCommand, type AdminIo } from './command';
import { formatRows, outputFormat as splitFormat, terminalText, type Row } from './output';

/** `--json` and `--csv` together is a wrong call (exit 2 with the usage), not a failure. */
function outputFormat(args: string[]) {
  try {
    return splitFormat(args);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const COLUMNS = ['id', 'start', 'name', 'email', 'phone', 'language', 'status', 'provider'];
const DEFAULT_REASON = 'Cancelled by the site owner.';

/** The columns every provider's booking has, in the listing's order. */
function commonRow(booking: ProviderBooking | BookingRecord, status: string, provider: string): Row {
  return {
    id: booking.id,
    start: isoWithOffset(booking.start, SITE_TIME_ZONE),
    end: isoWithOffset(booking.end, SITE_TIME_ZONE),
    name: booking.fullName,
    email: booking.email,
    phone: booking.phone ?? null,
    language: booking.locale,
    status,
    provider,
    timeZone: booking.timeZone,
  };
}

export function embeddedRow(booking: BookingRecord, now = new Date()): Row {
  const status = booking.cancelledAt ? 'cancelled' : booking.start.getTime() <= now.getTime() ? 'past' : 'open';
  return {
    ...commonRow(booking, status, 'embedded'),
    notes: booking.notes ?? null,
    createdAt: booking.createdAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    cancelledBy: booking.cancelledBy ?? null,
  };
}

export function calcomRow(booking: ProviderBooking): Row {
  return { ...commonRow(booking, booking.status, 'calcom'), fromSite: booking.fromSite };
}

async function list(args: string[], io: AdminIo): Promise<number> {
  const { format, rest } = outputFormat(args);
  const all = rest.includes('--all');
  const unknown = rest.filter((arg) => arg !== '--all');
  if (unknown.length) throw new UsageError(`Unknown argument: ${unknown[0]}`);
  const rows = (await bookingsStore().listBookings({ all })).map((booking) => embeddedRow(booking));
  const provider = getSchedulingProvider();
  if (provider.listBookings) rows.push(...(await provider.listBookings({ all })).map(calcomRow));
  rows.sort((a, b) => Date.parse(String(a.start)) - Date.parse(String(b.start)));
  io.out(formatRows(rows, format, COLUMNS));
  return 0;
}

function option(args: string[], name: string): { value?: string; rest: string[] } {
  const index = args.indexOf(name);
  if (index < 0) return { rest: args };
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value.`);
  return { value, rest: [...args.slice(0, index), ...args.slice(index + 2)] };
}

async function cancel(args: string[], io: AdminIo): Promise<number> {
  const { format, rest: afterFormat } = outputFormat(args);
  const { value: reason, rest } = option(afterFormat, '--reason');
  if (rest.length !== 1 || rest[0]!.startsWith('--')) throw new UsageError(rest.length ? `Unknown argument: ${rest.find((arg) => arg.startsWith('--')) ?? rest[1]}` : 'Give the id of the booking to cancel.');
  const id = rest[0]!;
  const settings = getSettings();
  const outcome = await cancelBooking(id, 'owner', settings, { reason });
  const report = (row: Row, line: string) => io.out(format === 'table' ? `${terminalText(line)}\n` : formatRows([row], format));
  switch (outcome.kind) {
    case 'cancelled': {
      const { booking, mailed, placesReleased } = outcome;
      const start = isoWithOffset(booking.start, SITE_TIME_ZONE);
      report(
        { id, status: 'cancelled', provider: 'embedded', start, mailedVisitor: mailed.visitor, mailedOwner: mailed.owner, placesReleased },
        `Cancelled ${id} (${start}): the slot is free again. ` +
          `${mailed.visitor ? `Mailed ${booking.email}` : `The mail to ${booking.email} failed`}; ${mailed.owner ? `mailed ${settings.CONTACT_EMAIL}` : `the mail to ${settings.CONTACT_EMAIL} failed`}.`,
      );
      if (!placesReleased) io.err('Note: the booking\'s open-bookings places are kept by the server process (memory store) until its slot would have ended.');
      return mailed.visitor && mailed.owner ? 0 : 1;
    }
    case 'already_cancelled':
      io.err(`Booking ${id} was already cancelled (${outcome.booking.cancelledAt!.toISOString()}, by the ${outcome.booking.cancelledBy}).`);
      return 1;
    case 'past':
      io.err(`Booking ${id} started at ${isoWithOffset(outcome.booking.start, SITE_TIME_ZONE)}: it is past and cannot be cancelled.`);
      return 1;
    case 'not_found':
      break;
  }
  const provider = getSchedulingProvider();
  if (!provider.cancel) {
    io.err(`No booking ${id}: see \`npm run admin -- bookings --all\`.`);
    return 1;
  }
  const answer = await provider.cancel(id, reason ?? DEFAULT_REASON);
  if (answer === 'not_found') {
    io.err(`No booking ${id}, neither here nor on Cal.com: see \`npm run admin -- bookings --all\`.`);
    return 1;
  }
  if (answer === 'already_cancelled') {
    io.err(`Booking ${id} was already cancelled on Cal.com.`);
    return 1;
  }
  const placesReleased = await releaseBookingPlaces(id);
  report({ id, status: 'cancelled', provider: 'calcom', placesReleased }, `Cancelled ${id} on Cal.com: Cal.com mails the attendee and the host.`);
  return 0;
}

export const bookings: AdminCommand = {
  name: 'bookings',
  summary: 'consultation bookings: list them (open ones, soonest first), or cancel one',
  usage: [
    'npm run admin -- bookings [--all] [--json | --csv]',
    '    The open bookings, soonest first (start in the site\'s time zone); --all adds past and cancelled ones.',
    'npm run admin -- bookings cancel <id> [--reason <text>] [--json | --csv]',
    '    Cancels a booking: its slot is offered again at once; the visitor (in their language) and the owner are mailed.',
    '    A Cal.com booking is cancelled on Cal.com (with the reason), which mails both sides.',
  ],
  async run(args, io) {
    if (args[0] === 'cancel') return cancel(args.slice(1), io);
    return list(args, io);
  },
};
