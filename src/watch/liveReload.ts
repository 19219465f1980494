import type http from 'node:http';
import type { ServerHooks } from '../serve/server.ts';

const CLIENT = `(() => {
  const events = new EventSource('/__sitegen/events');
  events.onopen = () => (document.documentElement.dataset.sitegenLive = 'connected');
  const show = (text) => {
    let box = document.getElementById('sitegen-overlay');
    if (!box) {
      box = document.createElement('div');
      box.id = 'sitegen-overlay';
      box.setAttribute('role', 'alert');
      box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(7,20,38,.94);color:#fee2e2;padding:32px;overflow:auto;font:14px/1.6 ui-monospace,monospace';
      document.body.append(box);
    }
    box.innerHTML = '';
    const title = document.createElement('strong');
    title.textContent = 'sitegen: the last change has errors — the page below is the last good build';
    title.style.cssText = 'display:block;color:#fff;font-size:16px;margin-bottom:16px';
    const pre = document.createElement('pre');
    pre.textContent = text;
    pre.style.whiteSpace = 'pre-wrap';
    box.append(title, pre);
  };
  events.addEventListener('build-error', (e) => show(JSON.parse(e.data)));
  events.addEventListener('clear', () => document.getElementById('sitegen-overlay')?.remove());
  events.addEventListener('reload', () => location.reload());
})();
`;

/** Live reload over server-sent events, and the error overlay shown while the last change is broken. */
export class LiveReload {
  private clients = new Set<http.ServerResponse>();
  private error: string | undefined;

  hooks(): ServerHooks {
    return {
      handle: (req, res, pathname) => {
        if (pathname === '/__sitegen/live.js') {
          res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end(CLIENT);
          return true;
        }
        if (pathname === '/__sitegen/events') {
          res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
          res.write(': connected\n\n');
          if (this.error) res.write(event('build-error', this.error));
          this.clients.add(res);
          req.on('close', () => this.clients.delete(res));
          return true;
        }
        return false;
      },
      transformHtml: (html) => html.replace('</body>', '<script src="/__sitegen/live.js"></script></body>'),
    };
  }

  failed(text: string): void {
    this.error = text;
    this.broadcast(event('build-error', text));
  }

  succeeded(): void {
    const hadError = this.error !== undefined;
    this.error = undefined;
    if (hadError) this.broadcast(event('clear', ''));
    this.broadcast(event('reload', ''));
  }

  close(): void {
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private broadcast(message: string): void {
    for (const res of this.clients) res.write(message);
  }
}

function event(name: string, data: string): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
