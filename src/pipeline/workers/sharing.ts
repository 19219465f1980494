import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EntryRender } from '../markdownWork.tsx';

/** Who analysed a file: a worker (its index), or this thread. */
export const HERE = -1;

/**
 * How many files one call analyses at most: large enough that the calls cost little. Near the end
 * the batches shrink (`take`), so that no thread is left with many files waiting when the others are done.
 */
export const BATCH = 8;
/** Calls each worker has waiting: its next batch is there while this thread is busy with something else (loading Tailwind and esbuild, reading the YAML). */
export const IN_FLIGHT = 6;

/** One thread's work on a batch: a result for each item, in order. */
export type BatchWork<T, R> = (batch: T[]) => Promise<R[]>;

/**
 * Does `items` on this thread and the workers at once, a batch at a time to whichever is free:
 * this thread works from the first item while the workers load their code, and all end
 * together. Returns each item's result in order and who made it (`HERE` or a worker's index).
 * The first failure stops the handing out, and is the answer.
 */
export async function shareOut<T, R>(items: readonly T[], here: BatchWork<T, R>, workers: readonly BatchWork<T, R>[]): Promise<{ results: R[]; by: number[] }> {
  const results: R[] = new Array(items.length);
  const by: number[] = new Array(items.length);
  let next = 0;
  let failed = false;
  // Calls that may wait at once: a worker's IN_FLIGHT, and this thread's one.
  const takers = workers.length * IN_FLIGHT + 1;
  const take = (): [from: number, to: number] | undefined => {
    if (failed || next >= items.length) return undefined;
    const from = next;
    // A share of what is left for each call that may be waiting (guided scheduling): the files handed last are a few, each to whoever is free.
    next = Math.min(items.length, next + Math.min(BATCH, Math.ceil((items.length - next) / takers)));
    return [from, next];
  };
  const runs = async (who: number, work: BatchWork<T, R>) => {
    try {
      for (let range = take(); range !== undefined; range = take()) {
        const [from, to] = range;
        const batch = items.slice(from, to);
        (await work(batch)).forEach((result, i) => {
          results[from + i] = result;
          by[from + i] = who;
        });
        // This thread lets the workers' answers in between its batches, so that their next batches leave at once.
        if (who === HERE) await nextTurn();
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  await Promise.all([...workers.flatMap((work, i) => Array.from({ length: IN_FLIGHT }, () => runs(i, work))), runs(HERE, here)]);
  return { results, by };
}

/** What a YAML page costs to render against an entry page: mostly lists of cards, 1.7 ms against 0.9 ms at 1,000 articles. */
const YAML_PAGE_COST = 1.8;

/**
 * Which thread renders each entry page. This thread renders `besides` other pages meanwhile (the
 * YAML pages), so it takes only what is left of an even share of the work, the pages of files it analysed
 * first. A page goes to the worker that analysed its file, which still has its body (the job
 * travels without it); the others, with their bodies, to the workers in turn.
 */
export function shareRenders(
  jobs: readonly EntryRender[],
  ownerOf: (file: string) => number | undefined,
  workers: number,
  besides: number,
): { here: EntryRender[]; shards: EntryRender[][] } {
  const others = besides * YAML_PAGE_COST;
  const share = Math.max(0, Math.round((jobs.length + others) / (workers + 1) - others));
  const owner = (job: EntryRender) => ownerOf(job.page.entry.file);
  const here = [...jobs.filter((job) => owner(job) === HERE), ...jobs.filter((job) => owner(job) !== HERE)].slice(0, share);
  const mine = new Set(here);
  const shards = Array.from({ length: workers }, () => [] as EntryRender[]);
  let away = 0;
  for (const job of jobs) {
    const at = owner(job);
    if (mine.has(job)) continue;
    if (at !== undefined && at !== HERE) shards[at]!.push({ page: job.page });
    else shards[away++ % workers]!.push(job);
  }
  return { here, shards };
}
