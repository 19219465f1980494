import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processAlive, processStartTime, workingName } from '../runtime/processes.ts';
import { ownFolder } from '../runtime/ownedPaths.mjs';

/** Who holds the lock: written into it so that a waiting build can say whom it waits for. */
export interface LockHolder {
  pid: number;
  /** When the process started, as the system counts it (tells a reused pid from the holder). */
  started?: string;
  host: string;
  since: string;
  token: string;
}

/** The one line a build says while it waits for another build of the project. */
export function waitingLine(holder: LockHolder): string {
  return `waiting for another sitegen build of this project to finish (process ${holder.pid} on ${holder.host}, since ${holder.since})`;
}

const LOCK_FILE = 'build.lock';
const TAKEOVER_FILE = 'build.lock.takeover';
const POLL_MS = 100;
/** The holder touches its lock this often; a lock from another machine untouched for STALE_MS is a dead holder's. */
const HEARTBEAT_MS = 5_000;
const STALE_MS = 60_000;

/** Locks this thread holds: a lock with this process's pid and another token was left by a build that died in it (a watch worker). */
const held = new Set<string>();

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string' ? (value as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lock's text; undefined when there is none. Something else in its place (a folder, a link,
 * a FIFO) reads as an empty text, damaged: it is taken over like one, never followed or waited on.
 */
async function readLock(file: string): Promise<string | undefined> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? undefined : null,
  );
  if (!handle) return handle === null ? '' : undefined;
  try {
    return (await handle.stat()).isFile() ? await handle.readFile('utf8') : '';
  } catch {
    return '';
  } finally {
    await handle.close();
  }
}

/** Whether the lock's holder is certainly gone (or its text is damaged). */
async function isStale(file: string, holder: LockHolder | undefined): Promise<boolean> {
  if (!holder) return true;
  if (holder.host !== hostname()) return Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? Date.now()) > STALE_MS;
  if (holder.pid === process.pid) return !held.has(holder.token);
  if (!processAlive(holder.pid)) return true;
  const started = processStartTime(holder.pid);
  return holder.started !== undefined && started !== undefined && started !== holder.started;
}

/**
 * Publishes `temp`'s text as `file` with link(2), which fails if `file` exists: a lock is
 * never seen half-written and only one of many racing processes gets it.
 */
async function publish(temp: string, file: string): Promise<boolean> {
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes a stale lock if it still has the text that was judged stale. Takers queue on a second
 * lock for this, so that one of them cannot remove the fresh lock another has just taken.
 */
async function removeStale(dir: string, file: string, staleText: string, temp: string): Promise<void> {
  const takeover = path.join(dir, TAKEOVER_FILE);
  if (!(await publish(temp, takeover))) {
    // A taker killed in these few instructions leaves this file (or anything else there): it goes once it is clearly old.
    const age = Date.now() - ((await lstat(takeover).catch(() => undefined))?.mtimeMs ?? Date.now());
    if (age > 5_000) await rm(takeover, { recursive: true, force: true });
    return;
  }
  try {
    // Recursive for a folder in the lock's place; rm removes a link itself.
    if ((await readLock(file)) === staleText) await rm(file, { recursive: true, force: true });
  } finally {
    await rm(takeover, { force: true });
  }
}

/**
 * One build at a time per project: builds share .sitegen-cache/ and may share an output. A
 * second build waits for the first (`onWait` is told once, with the holder). A lock whose
 * holder is gone is taken over: a dead pid, a pid now used by another process, a build that
 * died inside this process, a damaged text (or a folder, link or FIFO in its place), or (from another machine) no heartbeat for a
 * minute. Returns the release.
 */
export async function acquireBuildLock(cacheDir: string, onWait: (holder: LockHolder) => void): Promise<() => Promise<void>> {
  // A link in the cache folder's place is removed, never followed: the lock, and the build after it, would write where it leads.
  ownFolder(cacheDir);
  const file = path.join(cacheDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, started: processStartTime(process.pid), host: hostname(), since: new Date().toISOString(), token: randomUUID() };
  const temp = workingName(file);
  await writeFile(temp, JSON.stringify(me));
  try {
    let told = false;
    while (!(await publish(temp, file))) {
      const text = await readLock(file);
      if (text === undefined) continue;
      const holder = parseHolder(text);
      if (await isStale(file, holder)) {
        await removeStale(cacheDir, file, text, temp);
        continue;
      }
      if (!told) onWait(holder!);
      told = true;
      await sleep(POLL_MS);
    }
  } finally {
    await rm(temp, { force: true });
  }
  held.add(me.token);
  const heartbeat = setInterval(() => void utimes(file, new Date(), new Date()).catch(() => undefined), HEARTBEAT_MS);
  heartbeat.unref();
  return async () => {
    clearInterval(heartbeat);
    held.delete(me.token);
    const holder = parseHolder((await readLock(file)) ?? '');
    if (holder?.token === me.token) await rm(file, { force: true });
  };
}
