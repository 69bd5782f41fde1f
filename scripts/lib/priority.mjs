// CPU priority for a measurement on a shared machine. Lighthouse's simulated phone multiplies each
// main-thread task's wall-clock time by 4, so time the OS gives other people's processes counts as
// the page's blocking time; a phone runs its browser alone. Raising the priority of the processes
// that take part leaves their work as it is and only takes the others' share of the CPU away.
import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

// The nice value `nice -n -19` gives: the top of the range without claiming it outright.
const NICE = -19;

/**
 * Raises the nice value of a process's main thread (threads and processes it starts later
 * inherit it; on Linux each thread has its own). Returns what was refused, empty when done.
 */
export function raiseNice(pid) {
  try {
    setPriority(pid, NICE);
    return [];
  } catch (error) {
    return [`nice (${error.info?.code ?? error.code})`]; // a SystemError: the errno name is in info
  }
}

/**
 * Raises the CPU share of a process's session (its Linux autogroup). Linux shares the CPU between
 * sessions first and ranks threads by their nice value only within a session, so a nice value alone
 * ranks nothing above other people's sessions. Returns what was refused, empty when done.
 */
export function raiseSession(pid) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(NICE));
    return [];
  } catch (error) {
    // No such file: not Linux, or a kernel without autogroups, where the nice value is enough.
    return error.code === 'ENOENT' ? [] : [`session share (${error.code})`];
  }
}

/** The nice value of a process's session, to restore (the session outlives the script), or undefined. */
export function sessionNice(pid) {
  try {
    return /nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

export function restoreSession(pid, nice) {
  if (nice === undefined) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, nice);
  } catch {
    // The session keeps the raised share until it ends; nothing else to do.
  }
}
