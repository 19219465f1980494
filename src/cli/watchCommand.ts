import type { Paths } from '../config.ts';
import { startWatch } from '../watch/watch.ts';
import { OutputRefused } from '../write/outputGuard.ts';
import { EXIT } from './report.ts';

export async function watchCommand(paths: Paths, port: number): Promise<number> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  let watcher;
  try {
    watcher = await startWatch(paths, port, log);
  } catch (error) {
    log(error instanceof OutputRefused ? `sitegen: ${error.message}` : `cannot start watch: ${(error as Error).message}`);
    return EXIT.usage;
  }
  process.stdout.write(`watching content/, templates/ and public/; serving at http://localhost:${watcher.port}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => void watcher.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return EXIT.ok;
}
