/** The admin commands (`npm run admin -- <name> …`), in the order `help` lists them. */
import { bookings } from './bookings';
import type { AdminCommand } from './command';

export const commands: AdminCommand[] = [bookings];
