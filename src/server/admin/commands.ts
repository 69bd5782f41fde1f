/** The admin commands (`npm run admin -- <name> …`), in the order `help` lists them. */
import { askMisses } from './ask-misses';
import { backup, restore } from './backup';
import { bookings } from './bookings';
import type { AdminCommand } from './command';
import { messages } from './messages';
import { migrateRecords } from './migrate-records';
import { newsletter } from './newsletter';
import { statusLink } from './status-link';
import { subscribers } from './subscribers';

export const commands: AdminCommand[] = [bookings, messages, subscribers, newsletter, askMisses, backup, restore, migrateRecords, statusLink];
