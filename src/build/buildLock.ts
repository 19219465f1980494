import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processAlive, workingName } from '../runtime/processes.ts';

/** Who holds the lock: written into it so that a waiting build can say whom it waits for. */
export interface LockHolder {
  pid: number;
  host: string;
  since: string;
  token: string;
}

const LOCK_FILE = 'build.lock';
const POLL_MS = 100;

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string' ? (value as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

/** The lock's text, or undefined when there is no lock. */
async function readLock(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined);
}

/**
 * One build at a time per project: builds share .sitegen-cache/ and may share an output. The
 * lock file is published whole with link(2), which fails if it exists, so a lock is never seen
 * half-written. A second build waits for the first (`onWait` is told once, with the holder);
 * a lock whose process is gone, or whose text is damaged, is taken over. Returns the release.
 */
export async function acquireBuildLock(cacheDir: string, onWait: (holder: LockHolder) => void): Promise<() => Promise<void>> {
  await mkdir(cacheDir, { recursive: true });
  const file = path.join(cacheDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token: randomUUID() };
  const temp = workingName(file);
  await writeFile(temp, JSON.stringify(me));
  try {
    let told = false;
    for (;;) {
      try {
        await link(temp, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const text = await readLock(file);
      if (text === undefined) continue;
      const holder = parseHolder(text);
      if (!holder || (holder.host === me.host && !processAlive(holder.pid))) {
        // Remove the stale lock only if it is still the one just read, then race for it again.
        if ((await readLock(file)) === text) await rm(file, { force: true });
        continue;
      }
      if (!told) onWait(holder);
      told = true;
      await sleep(POLL_MS);
    }
  } finally {
    await rm(temp, { force: true });
  }
  return async () => {
    const holder = parseHolder((await readLock(file)) ?? '');
    if (holder?.token === me.token) await rm(file, { force: true });
  };
}
