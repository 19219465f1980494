import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Whether a process of this machine is still running (a lock or folder it left is otherwise stale). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, in clock ticks since boot (Linux), or undefined where the system does
 * not say: with the pid it names one process, even after the pid is reused.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (in parentheses) may hold spaces: count fields after it. starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The pid written into a working file's name by `workingName`, or undefined. */
export function pidOfWorkingName(name: string): number | undefined {
  const match = /\.tmp-(\d+)-[0-9a-f]+$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** A name for a file being written: unique to this call, with the pid that owns it. */
export function workingName(file: string): string {
  return `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
}
