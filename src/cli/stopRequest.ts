import { readFileSync } from 'node:fs';

/** How often a long-running command looks whether what started it is still there. */
const LOOK_EVERY_MS = 250;

/**
 * Resolves when the user asks a long-running command (`watch`, `serve`) to stop: Ctrl-C, SIGTERM,
 * or what started it gone. `npx sitegen watch`, `npm run dev`, a task runner or a script start
 * sitegen through a shell (`npm exec` → `sh -c` → node): killed, they leave the shell and sitegen
 * running on its port. So sitegen watches its parent and its parent's parent: when either ends
 * (its process gone, or a zombie), it stops. Call it before the command says it is ready: a signal
 * sent the moment the "serving at" line arrives must find its handler in place, or it ends the
 * process by default. Neither the timer nor the handlers keep the process alive.
 */
export function stopRequest(): Promise<void> {
  return new Promise((resolve) => {
    const parent = process.ppid;
    const starters = [parent, parentOf(parent)].filter((pid): pid is number => pid !== undefined && pid > 1);
    const timer = setInterval(() => {
      if (process.ppid !== parent || starters.some(ended)) stop();
    }, LOOK_EVERY_MS);
    timer.unref();
    const stop = () => {
      clearInterval(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** The parent of a process, from /proc (Linux); undefined where there is no /proc to read. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces: the fields after it are state, then the parent.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Whether a process has ended: gone, or a zombie its own parent has not reaped yet. */
function ended(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}
