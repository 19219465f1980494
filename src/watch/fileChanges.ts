import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import chokidar from 'chokidar';
import type { Paths } from '../config.ts';
import { fileStamp } from '../load/fileStamp.ts';
import type { Change } from '../pipeline/betweenBuilds.ts';

/**
 * chokidar drops a change of a file that comes within 50 ms of the change before it, and says
 * nothing after (paulmillr/chokidar#1455): a second save in quick succession would leave watch
 * building what the first one wrote, for good. Each changed file is looked at before a build can
 * read it (halfway through the `SETTLE_MS` watch waits before it starts one, which lets a save's
 * truncation and its writing both land first), and again once chokidar's window has passed: a
 * file written in between is reported again. That may build once more than needed, never once less.
 */
export const SETTLE_MS = 10;
const LOOK_AGAIN_MS = 60;

/** The file's stamp (what any write of it changes), or undefined when it is gone. */
const stampOf = (file: string) => stat(file, { bigint: true }).then(fileStamp, () => undefined);

export interface FileChanges {
  /** Resolves once every folder is being watched. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `changed` with the absolute path of every file added, changed or removed under `folders`,
 * none missed; and `following` whenever there come to be changed files still to be looked at
 * again (`true`), or none left (`false`).
 */
export function watchFiles(folders: string[], changed: (file: string) => void, following: (files: boolean) => void = () => undefined): FileChanges {
  const watcher = chokidar.watch(folders, { ignoreInitial: true });
  const followed = new Map<string, AbortController>();
  let closed = false;
  let said = false;
  const say = () => {
    if (closed || said === followed.size > 0) return;
    said = followed.size > 0;
    following(said);
  };
  const follow = async (file: string) => {
    followed.get(file)?.abort();
    const stop = new AbortController();
    followed.set(file, stop);
    say();
    // False once a newer change of the file follows it instead, or watching ends.
    const waited = (ms: number) => sleep(ms, true, { signal: stop.signal }).catch(() => false);
    if (!(await waited(SETTLE_MS / 2))) return;
    const seen = await stampOf(file);
    if (!(await waited(LOOK_AGAIN_MS))) return;
    const now = await stampOf(file);
    if ((seen === undefined || seen !== now) && !closed) changed(file);
    if (followed.get(file) !== stop) return;
    followed.delete(file);
    say();
  };
  watcher.on('all', (event, file) => {
    const absolute = path.resolve(file);
    changed(absolute);
    if (event === 'change') void follow(absolute);
  });
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    async close() {
      closed = true;
      for (const stop of followed.values()) stop.abort();
      followed.clear();
      await watcher.close();
    },
  };
}

/**
 * What a saved file changes (`CHANGES`). Anything watched outside content/, templates/ and
 * public/ is the generator's code. The site's settings are content/site.yaml, where the
 * templates read them (a site that names its settings otherwise has them called content, which
 * every store finds out by its keys all the same).
 */
export function classifyChange(paths: Paths, file: string): Change {
  const inside = (dir: string) => file === dir || file.startsWith(dir + path.sep);
  if (inside(paths.public)) return 'public';
  if (file === path.join(paths.content, 'site.yaml')) return 'configuration';
  if (inside(paths.content)) return 'content';
  if (inside(paths.templates)) return file.endsWith('.css') ? 'stylesheet' : 'template';
  return 'generator';
}
