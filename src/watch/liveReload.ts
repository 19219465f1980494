import type http from 'node:http';
import { bundleOverlay } from '../bundle/overlay.ts';
import type { BuildProblem, LiveEvent } from '../client/liveEvents.ts';
import type { ServerHooks } from '../serve/server.ts';

/**
 * Live reload over server-sent events, and the overlay (src/client/overlay.ts) shown while the
 * last change is broken. Problems travel as JSON data; the browser decides how to show them.
 */
export class LiveReload {
  private clients = new Set<http.ServerResponse>();
  private problem: BuildProblem | undefined;
  /** The browser script, bundled at its first request (a failed bundle is tried again at the next). */
  private script: Promise<string> | undefined;

  hooks(): ServerHooks {
    return {
      handle: (req, res, pathname) => {
        if (pathname === '/__sitegen/live.js') {
          this.script ??= bundleOverlay();
          this.script.then(
            (js) => {
              res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
              res.end(js);
            },
            (error: unknown) => {
              this.script = undefined;
              res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
              res.end(`sitegen: cannot bundle src/client/overlay.ts: ${(error as Error).message}`);
            },
          );
          return true;
        }
        if (pathname === '/__sitegen/events') {
          res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
          res.write(': connected\n\n');
          if (this.problem) res.write(frame({ type: 'build-error', problem: this.problem }));
          this.clients.add(res);
          req.on('close', () => this.clients.delete(res));
          return true;
        }
        return false;
      },
      transformHtml: (html) => html.replace('</body>', '<script src="/__sitegen/live.js"></script></body>'),
    };
  }

  failed(problem: BuildProblem): void {
    this.problem = problem;
    this.broadcast({ type: 'build-error', problem });
  }

  succeeded(): void {
    const hadProblem = this.problem !== undefined;
    this.problem = undefined;
    if (hadProblem) this.broadcast({ type: 'clear' });
    this.broadcast({ type: 'reload' });
  }

  close(): void {
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private broadcast(event: LiveEvent): void {
    const message = frame(event);
    for (const res of this.clients) res.write(message);
  }
}

/** An event as a server-sent message: JSON on one line (it escapes every line break), its name inside as `type`. */
function frame(event: LiveEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}
