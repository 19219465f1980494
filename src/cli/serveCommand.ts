import { existsSync } from 'node:fs';
import path from 'node:path';
import { createSiteServer, listenOn, PortInUse, type PortChoice } from '../serve/server.ts';
import { stopRequest } from './stopRequest.ts';
import { EXIT, listeningLine } from './report.ts';

/** Serves `dir` (under `base`, for a site built with `--base`) until stopped. */
export async function serveCommand(dir: string, choice: PortChoice, base: string, allowedHosts: readonly string[]): Promise<number> {
  if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
    process.stderr.write(`${dir} holds no built site: run \`sitegen build\` first\n`);
    return EXIT.usage;
  }
  const server = createSiteServer(dir, { base, allowedHosts, log: (line) => process.stderr.write(`${line}\n`) });
  const stopped = stopRequest();
  try {
    process.stdout.write(`${listeningLine(`serving ${dir}`, choice, await listenOn(server, choice), base ? `${base}/` : '')}\n`);
  } catch (error) {
    process.stderr.write(`sitegen: ${error instanceof PortInUse ? error.message : `cannot listen on port ${choice.port}: ${(error as Error).message}`}\n`);
    return EXIT.usage;
  }
  await stopped;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return EXIT.ok;
}
