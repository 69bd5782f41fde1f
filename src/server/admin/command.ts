/**
 * An admin command (`npm run admin -- <name> …`): the owner's way to see and manage what arrives,
 * over the same settings and DATA_DIR the server uses, safe to run while it serves. Each command is
 * one module exporting an AdminCommand; src/server/admin/commands.ts lists them.
 */
export interface AdminIo {
  /** The command's output (a table, JSON or CSV): what a script reads. */
  out(text: string): void;
  /** Progress and problems, for the person at the terminal. */
  err(text: string): void;
}

export interface AdminCommand {
  /** The first word after `npm run admin --` (e.g. `bookings`). */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Usage lines, shown by `npm run admin -- help <name>` and on a wrong call. */
  usage: string[];
  /** Runs with the words after the name; answers the process exit code (0 done, 1 failed, 2 wrong call). */
  run(args: string[], io: AdminIo): Promise<number>;
}

/** A wrong call: the message goes to stderr with the command's usage, exit code 2. */
export class UsageError extends Error {}
