import path from 'node:path';
import type { Paths } from '../config.ts';
import { progressReporter } from '../progress.ts';
import { PortInUse, type PortChoice } from '../serve/server.ts';
import { watchSite } from '../watch/watch.ts';
import { OutputRefused } from '../write/outputGuard.ts';
import { ownFolder } from '../runtime/ownedPaths.mjs';
import { stopRequest } from './stopRequest.ts';
import { EXIT, listeningLine } from './report.ts';

export async function watchCommand(paths: Paths, choice: PortChoice, allowedHosts: readonly string[]): Promise<number> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const stopped = stopRequest();
  let watcher;
  try {
    // .sitegen-watch/ is sitegen's own, rebuilt whenever watch starts: a link there is removed, never written through.
    ownFolder(path.dirname(paths.out));
    watcher = await watchSite(paths, choice, { log, showProgress: () => progressReporter(process.stderr), allowedHosts });
  } catch (error) {
    log(error instanceof OutputRefused || error instanceof PortInUse ? `sitegen: ${error.message}` : `cannot start watch: ${(error as Error).message}`);
    return EXIT.usage;
  }
  process.stdout.write(`${listeningLine('watching content/, templates/ and public/; serving', choice, watcher.port)}\n`);
  await stopped;
  await watcher.close({ now: true });
  return EXIT.ok;
}
