import { describe, expect, it } from 'vitest';
import type { EntryRender } from '../../../src/pipeline/markdownWork.tsx';
import { BATCH, HERE, IN_FLIGHT, shareOut, shareRenders } from '../../../src/pipeline/workers/sharing.ts';

const items = Array.from({ length: 100 }, (_, i) => i);
const double = (batch: number[]) => batch.map((n) => n * 2);

describe('analysis shared between this thread and the workers', () => {
  it('does every file once, answers in the files’ order, and says which thread did each', async () => {
    const seen: Record<string, number[]> = { here: [], worker: [] };
    const { results, by } = await shareOut(items, async (batch) => (seen.here!.push(...batch), double(batch)), [
      async (batch) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        seen.worker!.push(...batch);
        return double(batch);
      },
    ]);
    expect(results).toEqual(items.map((n) => n * 2));
    expect([...seen.here!, ...seen.worker!].sort((a, b) => a - b)).toEqual(items);
    expect(seen.here!.length).toBeGreaterThan(0);
    expect(seen.worker!.length).toBeGreaterThan(0);
    for (const n of seen.here!) expect(by[n]).toBe(HERE);
    for (const n of seen.worker!) expect(by[n]).toBe(0);
  });

  it('works on this thread while a worker is still loading its code, and ends once the worker answers', async () => {
    let loaded!: () => void;
    const loading = new Promise<void>((resolve) => (loaded = resolve));
    const worker: number[] = [];
    const sharing = shareOut(items, async (batch) => double(batch), [
      async (batch) => {
        await loading;
        worker.push(...batch);
        return double(batch);
      },
    ]);
    // The worker holds the batches it was handed first (those it keeps waiting); this thread does every other file meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50));
    loaded();
    const { results, by } = await sharing;
    expect(results).toEqual(items.map((n) => n * 2));
    expect(worker).toHaveLength(BATCH * IN_FLIGHT);
    expect(by.filter((who) => who === HERE)).toHaveLength(items.length - BATCH * IN_FLIGHT);
  });

  it('hands out fewer files a call as they run out, so that no thread is left with many waiting when the others are done', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => i);
    const handed: number[] = [];
    const worker = async (batch: number[]) => {
      handed.push(batch.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return double(batch);
    };
    const { results } = await shareOut(many, async (batch) => (handed.push(batch.length), double(batch)), [worker]);
    expect(results).toEqual(many.map((n) => n * 2));
    expect(handed[0]).toBe(BATCH);
    expect(handed.every((size, i) => i === 0 || size <= handed[i - 1]!)).toBe(true);
    // What the worker may hold when this thread takes its last file: the last calls, IN_FLIGHT of its own and this thread's (with batches of BATCH, 56 files).
    expect(handed.at(-1)).toBe(1);
    expect(handed.slice(-(IN_FLIGHT + 1)).reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(2 * (IN_FLIGHT + 1));
  });

  it('stops handing out files when a thread fails, and answers with its error', async () => {
    let handed = 0;
    const sharing = shareOut(
      items,
      async (batch) => {
        handed += batch.length;
        return double(batch);
      },
      [
        async () => {
          throw new Error('a markdown worker stopped (exit code 1)');
        },
      ],
    );
    await expect(sharing).rejects.toThrow('a markdown worker stopped (exit code 1)');
    // The worker's batches failed before this thread finished its first.
    expect(handed).toBe(BATCH);
  });
});

/** An entry page to render, of `file`, with its body. */
const job = (file: string) => ({ page: { entry: { file } }, body: { html: file } }) as unknown as EntryRender;
const files = (jobs: EntryRender[]) => jobs.map((j) => j.page.entry.file);

describe('entry pages shared out for rendering', () => {
  const jobs = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(job);
  // This thread analysed a to d, the worker e to h.
  const ownerOf = (file: string) => (file < 'e' ? HERE : 0);

  it('sends a page to the worker that analysed its file without its body, and keeps this thread’s even share', () => {
    const { here, shards } = shareRenders(jobs, ownerOf, 1, 0);
    expect(files(here)).toEqual(['a', 'b', 'c', 'd']);
    expect(files(shards[0]!)).toEqual(['e', 'f', 'g', 'h']);
    expect(shards[0]!.every((j) => j.body === undefined)).toBe(true);
  });

  it('gives this thread fewer entries when it renders other pages meanwhile, their bodies travelling to the worker', () => {
    // Two YAML pages cost about as much as three entry pages: (8 + 3.6) / 2 - 3.6 = 2.2, so two entries here.
    const { here, shards } = shareRenders(jobs, ownerOf, 1, 2);
    expect(files(here)).toEqual(['a', 'b']);
    expect(files(shards[0]!)).toEqual(['c', 'd', 'e', 'f', 'g', 'h']);
    expect(shards[0]!.filter((j) => j.body).map((j) => j.page.entry.file)).toEqual(['c', 'd']);
    expect(shareRenders(jobs, ownerOf, 1, 20).here).toEqual([]);
  });

  it('spreads pages no thread analysed (their bodies came from the cache) over the workers, with their bodies', () => {
    const { here, shards } = shareRenders(jobs, () => undefined, 2, 8);
    expect(here).toEqual([]);
    expect(files(shards[0]!)).toEqual(['a', 'c', 'e', 'g']);
    expect(files(shards[1]!)).toEqual(['b', 'd', 'f', 'h']);
    expect(shards.flat().every((j) => j.body)).toBe(true);
  });
});
