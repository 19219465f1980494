import { createReadStream, realpathSync, statSync, type Stats } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import { fileForKey } from '../hosting/keys.ts';
import { CACHE_REVALIDATE, cacheControlFor, contentTypeFor } from '../hosting/policy.ts';
import { readRedirectRecord, redirectOfFile, REDIRECTS_FILE, type RedirectRecord } from '../hosting/redirects.ts';
import { hostRule } from './allowedHosts.ts';
import { keyUnderBase, locationFor, parseTarget } from './requestTarget.ts';

/** Hooks the watch command adds: extra routes, and a transform of every HTML page served. */
export interface ServerHooks {
  handle?: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean;
  transformHtml?: (html: string) => string;
}

export interface SiteServerOptions {
  /** Live reload's routes and script (watch). */
  hooks?: ServerHooks;
  /** Every file revalidated at each request, as a site being edited needs (watch). */
  dev?: boolean;
  /** The path the site is built under (`--base`), or '' for the root. */
  base?: string;
  /** Names answered besides the loopback's (`--allowed-host`). */
  allowedHosts?: readonly string[];
  /** Where a refused request is told, one line for each kind of refusal. */
  log?: (line: string) => void;
}

/** How many different refusals are told before the rest are left untold (a scan must not flood the terminal). */
const MAX_TOLD = 20;

const HTML_TYPE = contentTypeFor('index.html');
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** A regular file of the site: its real path stays inside the site (a link out of it is no file of the site). */
function siteFile(root: string, file: string): { path: string; info: Stats } | undefined {
  try {
    const real = realpathSync(path.join(root, file));
    const info = statSync(real);
    return info.isFile() && real.startsWith(root + path.sep) ? { path: real, info } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves a built site the way object storage behind a CDN answers: exactly the keys a
 * published bucket holds (every route at its clean URL with no redirect, and every file at its
 * path), `/about/` redirected to `/about`, 404.html with status 404, compressed. Any request
 * gets a status: a target that cannot name a file of a site gets 400, never an exception.
 * Under a `base` (a site built with `--base`), the site answers at `/previews/pr-42/…` as it
 * would at the root; `/previews/pr-42` and `/` are sent to `/previews/pr-42/`, and anything
 * else of the host is not found. A redirect of content/redirects.yaml answers 301 or 302 with
 * its Location (under the base the site was built with). A request naming another host, or
 * sent by a page of another origin, gets 403 before anything is read (see allowedHosts.ts).
 */
export function createSiteServer(dir: string, { hooks = {}, dev = false, base = '', allowedHosts = [], log }: SiteServerOptions = {}): http.Server {
  const folder = path.resolve(dir);
  const hosts = hostRule(allowedHosts);
  const told = new Set<string>();
  const tell = (line: string) => {
    if (!log || told.size > MAX_TOLD || told.has(line)) return;
    told.add(line);
    log(told.size > MAX_TOLD ? 'sitegen: more requests were refused; they are not shown' : `sitegen: ${line}`);
  };
  const own = base.slice(1);
  const compress = compression();

  const send = (res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body?: string) => {
    res.writeHead(status, headers);
    res.end(body);
  };

  const sendHtml = async (res: http.ServerResponse, file: string, status: number, head: boolean) => {
    const html = await readFile(file, 'utf8');
    const body = hooks.transformHtml ? hooks.transformHtml(html) : html;
    send(res, status, { 'Content-Type': HTML_TYPE, 'Cache-Control': CACHE_REVALIDATE }, head ? undefined : body);
  };

  const sendFile = (req: http.IncomingMessage, res: http.ServerResponse, file: string, found: { path: string; info: Stats }, head: boolean) => {
    const etag = `W/"${found.info.size.toString(16)}-${Math.floor(found.info.mtimeMs).toString(16)}"`;
    const headers = { 'Content-Type': contentTypeFor(file), 'Cache-Control': dev ? CACHE_REVALIDATE : cacheControlFor(file), ETag: etag };
    if (req.headers['if-none-match'] === etag) return send(res, 304, headers);
    res.writeHead(200, { ...headers, 'Content-Length': found.info.size });
    if (head) return res.end();
    createReadStream(found.path)
      .on('error', () => res.destroy())
      .pipe(res);
  };

  // The redirects of the version last answered from, read again when its record is replaced
  // (watch updates its version in place, each file by a rename: a new record is a new file).
  let redirects: { stamp: string; record: RedirectRecord } | undefined;
  const redirectsIn = (root: string) => {
    const stat = statSync(path.join(root, REDIRECTS_FILE), { throwIfNoEntry: false });
    const stamp = `${root}:${stat?.ino}:${stat?.mtimeMs}`;
    if (redirects?.stamp !== stamp) redirects = { stamp, record: readRedirectRecord(root) };
    return redirects.record;
  };

  const notFound = async (root: string, res: http.ServerResponse, head: boolean) => {
    const page = siteFile(root, '404.html');
    if (page) return sendHtml(res, page.path, 404, head);
    send(res, 404, { 'Content-Type': TEXT_TYPE }, head ? undefined : 'Not found');
  };

  /**
   * Answers from one version of the output: the output folder is a link that a build switches
   * to its new version at once, so every file of a response comes from the same build.
   */
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse, hostKey: string, query: string) => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) return send(res, 405, { Allow: 'GET, HEAD' });
    const under = keyUnderBase(hostKey, base);
    if (under && 'root' in under) return send(res, 301, { Location: locationFor(under.root, query) });
    for (let attempt = 0; ; attempt++) {
      const root = await realpath(folder).catch(() => folder);
      const looked = new Map<string, ReturnType<typeof siteFile>>();
      const lookUp = (file: string) => (looked.has(file) ? looked.get(file) : looked.set(file, siteFile(root, file)).get(file));
      const isFile = (file: string) => lookUp(file) !== undefined;
      try {
        if (!under) return await notFound(root, res, head);
        const { key } = under;
        if (key.endsWith('/')) {
          // `/about/` is the folder of a page: its clean URL answers it.
          const page = key.replace(/\/+$/, '');
          // Only a page has a folder: `/favicon.svg/` names no file, as a bucket would answer.
          if (page && fileForKey(page, isFile)?.endsWith('/index.html')) return send(res, 301, { Location: locationFor(own ? `${own}/${page}` : page, query) });
          return await notFound(root, res, head);
        }
        const file = fileForKey(key, isFile);
        const found = file ? lookUp(file) : undefined;
        if (!file || !found) return await notFound(root, res, head);
        // A redirect's page answers with the redirect, at both of its keys, as the bucket's website endpoint does.
        const redirect = redirectOfFile(redirectsIn(root), file);
        if (redirect) return send(res, redirect.status, { Location: redirect.location, 'Cache-Control': CACHE_REVALIDATE });
        if (file.endsWith('.html')) return await sendHtml(res, found.path, 200, head);
        return sendFile(req, res, file, found, head);
      } catch (error) {
        // The version was removed between the lookup and the read (a build went on): look again.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && attempt < 3) continue;
        throw error;
      }
    }
  };

  return http.createServer((req, res) => {
    // Node keeps the first of two Host headers; a client that sends two means one of them to be read otherwise (RFC 9112: 400).
    const hostHeaders = req.rawHeaders.filter((name, i) => i % 2 === 0 && /^host$/i.test(name)).length;
    if (hostHeaders > 1) return send(res, 400, { 'Content-Type': TEXT_TYPE }, 'a request names one host\n');
    const refusal = hosts.refusal(req.headers.host, req.headers.origin);
    if (refusal) {
      tell(refusal);
      return send(res, 403, { 'Content-Type': TEXT_TYPE }, `${refusal}\n`);
    }
    const target = parseTarget(req.url);
    if ('refused' in target) return send(res, target.refused, { 'Content-Type': TEXT_TYPE }, `${target.reason}\n`);
    // Hooked routes (live reload's event stream) bypass compression, which would buffer them.
    if (hooks.handle?.(req, res, `/${target.key}`)) return;
    compress(req as never, res as never, () => {
      answer(req, res, target.key, target.query).catch(() => {
        if (res.headersSent) return res.destroy();
        send(res, 500, { 'Content-Type': TEXT_TYPE }, 'The preview server could not read this file.\n');
      });
    });
  });
}

/** Which port to listen on; `fixed` when the user named it, else the next free ones may be used. */
export interface PortChoice {
  port: number;
  fixed: boolean;
}

/** How many ports after the default one are tried when the user named none. */
const PORT_TRIES = 20;

/** The port asked for (or every one tried) is taken by another program. */
export class PortInUse extends Error {
  constructor(choice: PortChoice) {
    super(
      choice.fixed
        ? `port ${choice.port} is in use: stop what listens there, or choose another --port`
        : `ports ${choice.port} to ${choice.port + PORT_TRIES - 1} are all in use: choose a free one with --port`,
    );
  }
}

/** Listens on the chosen port or, when the user named none, on the next free one; returns the port. */
export async function listenOn(server: http.Server, choice: PortChoice): Promise<number> {
  const tries = choice.fixed || choice.port === 0 ? 1 : PORT_TRIES;
  for (let i = 0; i < tries; i++) {
    try {
      return await listen(server, choice.port + i);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new PortInUse(choice);
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
