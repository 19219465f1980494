import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { listen } from '../../src/serve/server.ts';

/**
 * A server in front of `origin` that sends each HTML page in pieces of `size` bytes, `gap` ms apart, so that
 * the browser paints the page while it is still arriving, as it does on a slow connection or a busy
 * machine: a test then sees every partial paint, not whichever one the machine happened to make.
 * Everything else passes through whole.
 */
export async function trickle(origin: string, { size = 1024, gap = 25 } = {}) {
  const server = http.createServer((request, response) => {
    void (async () => {
      const answer = await fetch(origin + request.url, { redirect: 'manual' });
      const body = Buffer.from(await answer.arrayBuffer());
      const headers = Object.fromEntries([...answer.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name)));
      response.writeHead(answer.status, headers);
      if (!answer.headers.get('content-type')?.startsWith('text/html')) return response.end(body);
      let at = 0;
      for (; at + size < body.length; at += size) {
        response.write(body.subarray(at, at + size));
        await sleep(gap);
      }
      response.end(body.subarray(at));
    })().catch((error: unknown) => response.destroy(error as Error));
  });
  const port = await listen(server, 0);
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
