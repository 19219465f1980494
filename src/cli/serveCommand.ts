import { existsSync } from 'node:fs';
import path from 'node:path';
import { createSiteServer, listen } from '../serve/server.ts';
import { EXIT } from './report.ts';

export async function serveCommand(dir: string, port: number): Promise<number> {
  if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
    process.stderr.write(`${dir} holds no built site: run \`sitegen build\` first\n`);
    return EXIT.usage;
  }
  const server = createSiteServer(dir);
  try {
    const actual = await listen(server, port);
    process.stdout.write(`serving ${dir} at http://localhost:${actual}\n`);
  } catch (error) {
    process.stderr.write(`cannot listen on port ${port}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return EXIT.ok;
}
