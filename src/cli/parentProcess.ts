/** How often a long-running command looks whether its parent is still there. */
const LOOK_EVERY_MS = 250;

/**
 * Calls `stop` once the process that started this one is gone. `npx sitegen watch`, a task
 * runner or a shell script start sitegen as a child; killed, they leave it running on its port
 * (an orphan is given to init or a subreaper, and its parent id changes). The timer keeps nothing
 * alive.
 */
export function onParentExit(stop: () => void): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, LOOK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
