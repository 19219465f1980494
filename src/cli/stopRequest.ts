/** How often a long-running command looks whether its parent is still there. */
const LOOK_EVERY_MS = 250;

/**
 * Resolves when the user asks a long-running command (`watch`, `serve`) to stop: Ctrl-C, SIGTERM,
 * or the process that started it gone (`npx sitegen watch`, a task runner or a shell script
 * killed leave their child running on its port; an orphan is given to init or a subreaper, and its
 * parent id changes). Call it before the command says it is ready: a signal sent the moment the
 * "serving at" line arrives must find its handler in place, or it ends the process by default.
 * Neither the timer nor the handlers keep the process alive.
 */
export function stopRequest(): Promise<void> {
  return new Promise((resolve) => {
    const parent = process.ppid;
    const timer = setInterval(() => {
      if (process.ppid !== parent) stop();
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
