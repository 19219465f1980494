import type { BigIntStats } from 'node:fs';

/**
 * What changes whenever a file is written, whatever a copy or a hand sets its modification time to
 * (`cp -p`, `rsync -a`, `tar x`, `touch -d`): its inode, size, and modification and change times.
 */
export const fileStamp = (stat: BigIntStats): string => `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;

/** How long after its last change a file's stamp is trusted to say it has not changed again: FAT's step, the coarsest. */
const SETTLED_MS = 2000;

/**
 * Whether a stamp taken at `readAt` may stand for the file's bytes at the next build. File times
 * tick in steps (a few milliseconds on ext4, a second or two on HFS+, ext3, FAT and some network
 * mounts), so a second save of the same size within one step would keep the stamp the first one
 * had: a file changed less than `SETTLED_MS` before it was read is read again (as git treats
 * "racily clean" files).
 */
export function stampSettled(stat: BigIntStats, readAt: number): boolean {
  const changedAt = Number((stat.mtimeNs > stat.ctimeNs ? stat.mtimeNs : stat.ctimeNs) / 1_000_000n);
  return changedAt < readAt - SETTLED_MS;
}
