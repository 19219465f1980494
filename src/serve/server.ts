import { readFile, realpath } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { CACHE_REVALIDATE, cacheControlFor, contentTypeFor } from '../hosting/policy.ts';
import { pageFileFor } from './pageLookup.ts';

/** Hooks the watch command adds: extra routes, and a transform of every HTML page served. */
export interface ServerHooks {
  handle?: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean;
  transformHtml?: (html: string) => string;
}

const HTML_TYPE = contentTypeFor('index.html');

/**
 * Serves a built site the way object storage behind a CDN answers: every route at its clean
 * URL with no redirect, assets with their content types, 404.html with status 404, compressed.
 */
export function createSiteServer(dir: string, hooks: ServerHooks = {}, dev = false): http.Server {
  const folder = path.resolve(dir);
  // sirv's dev mode looks files up per request; one handler per version of the output.
  const handlers = new Map<string, ReturnType<typeof sirv>>();
  const assetsIn = (root: string) => {
    let handler = handlers.get(root);
    if (!handler) {
      handler = sirv(root, {
        dev: true,
        etag: true,
        dotfiles: false,
        // Exact files only, as object storage answers: `/404` is not `404.html`.
        extensions: [],
        setHeaders(res, pathname) {
          res.setHeader('Content-Type', contentTypeFor(pathname));
          res.setHeader('Cache-Control', dev ? CACHE_REVALIDATE : cacheControlFor(pathname.slice(1)));
        },
      });
      // A build keeps the current and the previous version: older handlers are of no use.
      if (handlers.size >= 4) handlers.delete(handlers.keys().next().value!);
      handlers.set(root, handler);
    }
    return handler;
  };
  const compress = compression();

  const sendHtml = async (res: http.ServerResponse, file: string, status: number, head: boolean) => {
    const html = await readFile(file, 'utf8');
    const body = hooks.transformHtml ? hooks.transformHtml(html) : html;
    res.writeHead(status, { 'Content-Type': HTML_TYPE, 'Cache-Control': CACHE_REVALIDATE });
    res.end(head ? undefined : body);
  };

  const notFound = async (root: string, res: http.ServerResponse, head: boolean) => {
    const file = path.join(root, '404.html');
    try {
      await sendHtml(res, file, 404, head);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    }
  };

  /**
   * Answers from one version of the output: the output folder is a link that a build switches
   * to its new version at once, so every file of a response comes from the same build.
   */
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse, pathname: string, search: string) => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      return res.end();
    }
    if (pathname.length > 1 && pathname.endsWith('/')) {
      res.writeHead(301, { Location: pathname.replace(/\/+$/, '') + search });
      return res.end();
    }
    for (let attempt = 0; ; attempt++) {
      const root = await realpath(folder).catch(() => folder);
      let page: string | undefined;
      try {
        page = pageFileFor(root, pathname);
        if (page) return await sendHtml(res, page, 200, head);
      } catch (error) {
        // The version was removed between the lookup and the read (a build went on): look again.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && attempt < 3) continue;
        throw error;
      }
      if (pathname.endsWith('/index.html') || pathname === '/404.html') return notFound(root, res, head);
      return assetsIn(root)(req, res, () => void notFound(root, res, head));
    }
  };

  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/\0';
    }
    // Hooked routes (live reload's event stream) bypass compression, which would buffer them.
    if (hooks.handle?.(req, res, pathname)) return;
    compress(req as never, res as never, () => {
      answer(req, res, pathname, url.search).catch((error: unknown) => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Server error: ${(error as Error).message}`);
      });
    });
  });
}

export function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
