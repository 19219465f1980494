import { execFile } from 'node:child_process';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { workingName } from '../runtime/processes.ts';
import { atPath } from '../systemFault.ts';

/** Temporary file, fsync, rename, fsync of the folder: after a crash the file is the old one or the new one, whole. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = workingName(file);
  try {
    await writeFileDurably(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dir);
}

/** Makes a rename in `dir` durable (where the platform can open a folder). */
export async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

const run = promisify(execFile);

/**
 * Puts everything written under `dir` on disk (syncfs(2) through coreutils' `sync -f`; where
 * that is missing, a plain `sync`): one call instead of an fsync per file.
 */
export async function flushToDisk(dir: string): Promise<void> {
  // Without either (not Linux, not POSIX) the build goes on, as durable as the system makes it.
  await run('sync', ['-f', dir])
    .catch(() => run('sync', []))
    .catch(() => undefined);
}

/** Writes a file and puts it on disk. */
export async function writeFileDurably(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    throw atPath(error, file);
  } finally {
    await handle.close();
  }
}
